import { describe, expect, it } from 'vitest';
import { type Activity, health } from './metrics.js';

const quiet: Activity = { emailsToday: 0, emailsMonth: 0, bouncedThisMonth: 0, apiCalls24h: 0, errors24h: 0 };
const fine = { overdueReservations: 0, totalUsers: 3 };

describe('tenant health rules', () => {
  it('flags bounced e-mail above 2 % of the month (medium) and from 5 % (high), not below', () => {
    expect(health(fine, { ...quiet, emailsMonth: 100, bouncedThisMonth: 2 })).toMatchObject({
      healthScore: 100,
      issues: 0,
    });
    const medium = health(fine, { ...quiet, emailsMonth: 100, bouncedThisMonth: 3 });
    expect(medium).toMatchObject({ healthScore: 85, issues: 1 });
    expect(medium.healthIssues[0]).toMatchObject({
      message: 'Bounced e-mail',
      severity: 'medium',
      description: '3 of 100 e-mails this month bounced (3%)',
    });
    expect(health(fine, { ...quiet, emailsMonth: 20, bouncedThisMonth: 1 }).healthIssues[0]).toMatchObject({
      message: 'Bounced e-mail',
      severity: 'high',
    });
  });

  it('keeps the other rules: error rate over 1 % of at least 20 calls, overdue piling up, no users', () => {
    expect(health(fine, { ...quiet, apiCalls24h: 100, errors24h: 2 }).healthIssues.map((i) => i.message)).toEqual([
      'High error rate',
    ]);
    expect(health(fine, { ...quiet, apiCalls24h: 10, errors24h: 5 }).issues).toBe(0);
    expect(health({ overdueReservations: 20, totalUsers: 0 }, quiet)).toMatchObject({ healthScore: 55, issues: 2 });
  });
});
