import { queryAll, tableName } from '../lib/db.js';
import { keys, ORGANIZATIONS_INDEX, trustedTenant, type TenantId } from '../lib/keys.js';
import { shardedIndexAll } from '../lib/sweep-shards.js';
import { usageOp } from './analytics.js';
import { tenantMailCounts } from '../lib/mail-log.js';
import { estimateDatabaseSize, tenantCountersByName } from './db-size.js';
import { existingTenant } from './organizations.js';
import { parseOrganization, type OrganizationRecord } from '../auth/entity.js';
import { listUserRows } from '../users/store.js';
import { userFigures } from '../auth/user-stats.js';

/**
 * Tenant figures (docs/decisions/0190-platform-tenant-figures.md), all measured. Per tenant ONE Query of its partition's `STATS#` rows,
 * kept on write by inventory, reservations, customers, payments and users (`STATS#users`: users,
 * kept by the transactions that create and delete user rows, and active users today from sign-ins,
 * see functions/auth/user-stats.ts). The list of tenants is the `ORGS` index. Nothing walks tenant data.
 */
type Row = Record<string, unknown>;

/** Every organization, newest first (the `ORGS` index), each through the organization row's parse. */
export async function listOrganizations(): Promise<(OrganizationRecord & { tenant: TenantId })[]> {
  // Every shard of the index (R-PLAT-17), merged newest first as one partition would list them.
  const rows = await shardedIndexAll(ORGANIZATIONS_INDEX, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk',
    ScanIndexForward: false,
  });
  return rows.map((r) => ({ ...parseOrganization(r), tenant: trustedTenant(String(r.pk).slice(2)) }));
}

async function tenantFigures(tenant: TenantId) {
  const stats = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':s': 'STATS#' },
  });
  const name = (r: Row) => String(r.sk).slice('STATS#'.length);
  const counters = tenantCountersByName(stats);
  const inv = counters.get('inventory');
  const res = counters.get('reservations');
  return {
    ...userFigures(stats.find((r) => name(r) === 'users')),
    activeReservations: res?.active ?? 0,
    overdueReservations: res?.overdue ?? 0,
    totalItems: inv?.total ?? 0,
    totalCustomers: counters.get('customers')?.total ?? 0,
    databaseSize: estimateDatabaseSize(counters),
  };
}

export interface Activity {
  emailsToday: number;
  emailsMonth: number;
  /** Bounces of this month's mail (SES notifications, AWS only; 0 locally). */
  bouncedThisMonth: number;
  apiCalls24h: number;
  errors24h: number;
}

/** Health score by written rules: start at 100, minus 30 per high and 15 per medium issue, never below 0. */
export function health(
  f: Pick<Awaited<ReturnType<typeof tenantFigures>>, 'overdueReservations' | 'totalUsers'>,
  a: Activity,
) {
  const issues: { message: string; description: string; severity: 'high' | 'medium' | 'other' }[] = [];
  const rate = a.apiCalls24h ? (a.errors24h / a.apiCalls24h) * 100 : 0;
  if (a.apiCalls24h >= 20 && rate > 1)
    issues.push({
      message: 'High error rate',
      description: `${Math.round(rate * 100) / 100}% of ${a.apiCalls24h} API calls failed in the last 24 hours`,
      severity: rate > 5 ? 'high' : 'medium',
    });
  // SES reviews an account whose bounce rate reaches 5 %: above 2 % of the month's mail is worth a look, from 5 % it is urgent.
  const bounceRate = a.emailsMonth ? (a.bouncedThisMonth / a.emailsMonth) * 100 : 0;
  if (a.bouncedThisMonth > 0 && bounceRate > 2)
    issues.push({
      message: 'Bounced e-mail',
      description: `${a.bouncedThisMonth} of ${a.emailsMonth} e-mails this month bounced (${Math.round(bounceRate * 100) / 100}%)`,
      severity: bounceRate >= 5 ? 'high' : 'medium',
    });
  if (f.overdueReservations >= 5)
    issues.push({
      message: 'Overdue reservations piling up',
      description: `${f.overdueReservations} reservations are past their end time`,
      severity: f.overdueReservations >= 20 ? 'high' : 'medium',
    });
  if (f.totalUsers === 0)
    issues.push({ message: 'No users', description: 'The organization has no user accounts', severity: 'medium' });
  const score = Math.max(
    0,
    100 - issues.reduce((s, i) => s + (i.severity === 'high' ? 30 : i.severity === 'medium' ? 15 : 5), 0),
  );
  return { healthScore: score, issues: issues.length, healthIssues: issues };
}

/**
 * Per tenant: its one Query (above), at most 16 tenants at a time. Across tenants, one Query each
 * of the send log (this month) and of the usage rows (24 h), whatever the number of tenants.
 */
export async function tenantMetricsOp() {
  const [orgs, mail, usage] = await Promise.all([listOrganizations(), tenantMailCounts(), usageOp('1d')]);
  const calls = new Map(usage.tenants.map((t) => [t.tenant, t]));
  const tenants = await mapLimit(orgs, 16, async (o) => {
    const tenant = o.tenant;
    const f = await tenantFigures(tenant);
    const u = calls.get(tenant);
    const m = mail.get(tenant);
    const a: Activity = {
      emailsToday: m?.today ?? 0,
      emailsMonth: m?.month ?? 0,
      bouncedThisMonth: m?.bouncedMonth ?? 0,
      apiCalls24h: u?.calls ?? 0,
      errors24h: u?.errors ?? 0,
    };
    return {
      id: tenant as string,
      name: o.name,
      subdomain: o.subdomain,
      status: o.status,
      createdAt: o.createdAt,
      metrics: {
        totalUsers: f.totalUsers,
        activeUsersToday: f.activeUsersToday,
        activeReservations: f.activeReservations,
        totalItems: f.totalItems,
        totalCustomers: f.totalCustomers,
        overdueReservations: f.overdueReservations,
        ...health(f, a),
        emailsToday: a.emailsToday,
        emailsMonth: a.emailsMonth,
        apiCalls24h: a.apiCalls24h,
        errorRate: a.apiCalls24h ? Math.round((a.errors24h / a.apiCalls24h) * 10_000) / 100 : null,
        databaseSize: f.databaseSize,
      },
    };
  });
  return { tenants, generatedAt: new Date().toISOString() };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

export async function overviewMetricsOp() {
  const [{ tenants }, usage] = await Promise.all([tenantMetricsOp(), usageOp('1d')]);
  const sum = (k: 'totalUsers' | 'activeUsersToday' | 'totalItems' | 'activeReservations') =>
    tenants.reduce((s, t) => s + t.metrics[k], 0);
  return {
    totalTenants: tenants.length,
    activeTenants: tenants.filter((t) => t.status === 'ACTIVE').length,
    activeUsers: sum('activeUsersToday'),
    totalUsers: sum('totalUsers'),
    totalItems: sum('totalItems'),
    activeReservations: sum('activeReservations'),
    apiCalls24h: usage.totalApiCalls,
  };
}

export async function tenantDetailsOp(id: string) {
  const { tenant, org } = await existingTenant(id);
  const rows = await listUserRows(tenant);
  return {
    organization: {
      id: tenant as string,
      name: org.name,
      subdomain: org.subdomain,
      status: org.status,
      createdAt: org.createdAt,
    },
    users: rows.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      username: u.username,
      role: u.role,
      isActive: u.isActive,
      lastLoginAt: u.lastLoginAt ?? null,
    })),
  };
}
