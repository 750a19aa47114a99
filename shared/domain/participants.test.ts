import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteCents } from './pricing.js';
import { clampParticipants } from './party.js';
import { participantLimit, participantsRefusal, partySize, perBookingLimit, placesTaken } from './slots.js';

/**
 * R-BOOK-3: the participant limit has one function (participantLimit in ./slots.ts). The public page and
 * the staff form offer up to it; the server and the waitlist refuse above it. Both sides import it
 * (docs/decisions/0266-each-rule-once.md), so they cannot drift apart.
 */
const SERVICE_MAXIMA = [undefined, null, 0, -3, 1, 2.7, 8, 10, 49, 50, 60, 100];

describe('the participant limit (R-BOOK-3)', () => {
  it('the largest party the page offers with places to spare is the largest the server accepts', () => {
    for (const max of SERVICE_MAXIMA) {
      const offered = participantLimit(max, 1000);
      expect(participantsRefusal('PER_PERSON', max, offered), `max ${max}`).toBeNull();
      expect(participantsRefusal('PER_PERSON', max, offered + 1), `max ${max}`).toBe(
        `At most ${offered} participants per booking`,
      );
      expect(perBookingLimit(max)).toBe(offered);
    }
  });

  it('a party is whole and at least one, and only a per-person service counts it', () => {
    expect(partySize('PER_PERSON', 3.9)).toBe(3);
    expect(partySize('PER_PERSON', 0)).toBe(1);
    expect(partySize('PER_PERSON', Number.NaN)).toBe(1);
    expect(partySize('FIXED', 7)).toBe(1);
    expect(placesTaken('PER_PERSON', Number.NaN)).toBe(1);
    expect(participantsRefusal('FIXED', 2, 7)).toBeNull();
    expect(quoteCents({ rate: 10, rateType: 'PER_PERSON', participants: Number.NaN, addons: [] }).totalCents).toBe(
      quoteCents({ rate: 10, rateType: 'PER_PERSON', participants: clampParticipants(Number.NaN, 5), addons: [] })
        .totalCents,
    );
  });

  it('no server or web file clamps or checks participants with its own arithmetic or constants', () => {
    const repo = join(import.meta.dirname, '..', '..');
    const own =
      /\b(DEFAULT_PUBLIC_MAX_PARTICIPANTS|HARD_MAX_PARTICIPANTS)\b|Math\.(min|max|floor)\([^\n]*[Pp]articipant/;
    const offenders = ['functions', 'shared', join('web', 'src')].flatMap((dir) =>
      (readdirSync(join(repo, dir), { recursive: true }) as string[])
        .map((f) => join(dir, f))
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        // The contract's bound on the request is the same constant, taken from ./slots.ts.
        .filter(
          (f) =>
            !['shared/domain/slots.ts', 'shared/contract/public-booking-models.ts'].includes(
              f.split(/[\\/]/).join('/'),
            ),
        )
        .filter((f) => own.test(readFileSync(join(repo, f), 'utf8')))
        .map((f) => relative('.', f)),
    );
    expect(offenders).toEqual([]);
  });
});
