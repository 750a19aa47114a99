import { addDaysToDay, todayIn } from '../../../shared/domain/time.js';
import { json, newTenant, post } from './helpers.js';
import type { BenchContext, BenchMeasure } from './types.js';

/**
 * A rush on one service slot through the public share link (docs/requirements/booking.md R-BOOK-1):
 * N simultaneous POST /public/service/{token}/book on a slot of P places, several rounds. Reports
 * latency p50/p99 over every request and the rounds that sold exactly P places (the rest 409).
 * Unmeasured rounds go first, for a second at least.
 */
const ZONE = 'UTC';
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function publicService(ctx: BenchContext, token: string, date: string, places: number): Promise<string> {
  const service = await post<{ id: string }>(
    `${ctx.url}/api/inventory/services`,
    {
      name: `Rush tour ${date} ${places}`,
      description: 'Bench',
      location: 'Dock',
      rate: '20',
      rateType: 'per_person',
      availability: JSON.stringify([{ date, startTime: '10:00', endTime: '12:00', slotsAvailable: places }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      timeZone: ZONE,
    },
    token,
  );
  const share = await post<{ shareToken: string }>(
    `${ctx.url}/api/inventory/services/${service.id}/generate-share-link`,
    {},
    token,
  );
  return share.shareToken;
}

/** One rush on a fresh slot: every request's latency (ms), and whether exactly `places` were sold and the rest refused. */
async function round(ctx: BenchContext, token: string, label: string, day: number, people: number, places: number) {
  const date = addDaysToDay(todayIn(ZONE), day);
  const share = await publicService(ctx, token, date, places);
  const latencies: number[] = [];
  const statuses = await Promise.all(
    Array.from({ length: people }, async (_, i) => {
      const t0 = performance.now();
      const res = await fetch(`${ctx.url}/public/service/${share}/book`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          selectedSlots: [{ date, startTime: '10:00', endTime: '12:00' }],
          customer: {
            firstName: 'Rush',
            lastName: `R${i}`,
            phone: `555${String(1_000_000 + day * 1000 + i).slice(-7)}`,
            email: `${label}-${day}-${i}@bench.example`,
          },
          participantCount: 1,
          isPublicBooking: true,
        }),
      });
      await res.text();
      latencies.push(performance.now() - t0);
      return res.status;
    }),
  );
  const sold = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  return { latencies, exact: sold === places && refused === people - places };
}

async function rush(ctx: BenchContext, label: string, people: number, places: number, rounds: number) {
  const token = await newTenant(ctx, label);
  // Unmeasured rushes first, for a second at least, as every HTTP case has its warm-up second: the
  // first rushes would otherwise also measure loading the booking path and warming DynamoDB Local's JVM.
  let day = 2;
  for (const start = performance.now(); day === 2 || performance.now() - start < 1000; day++)
    await round(ctx, token, label, day, people, places);
  const latencies: number[] = [];
  let exact = 0;
  for (let r = 0; r < rounds; r++) {
    const measured = await round(ctx, token, label, day + r, people, places);
    latencies.push(...measured.latencies);
    if (measured.exact) exact++;
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    rounds,
    roundsExact: exact,
  };
}

export const measures: BenchMeasure[] = [
  {
    name: 'bookingRush50on5',
    description:
      '50 simultaneous public bookings of a 5-place slot, 5 rounds: latency p50/p99 (ms) and rounds selling exactly 5',
    needsRuntime: true,
    measure: (ctx) => (ctx ? rush(ctx, 'booking-rush-5', 50, 5, 5) : Promise.resolve(undefined)),
  },
  {
    name: 'bookingRush200on50',
    description:
      '200 simultaneous public bookings of a 50-place slot, 3 rounds: latency p50/p99 (ms) and rounds selling exactly 50',
    needsRuntime: true,
    measure: (ctx) => (ctx ? rush(ctx, 'booking-rush-50', 200, 50, 3) : Promise.resolve(undefined)),
  },
];
