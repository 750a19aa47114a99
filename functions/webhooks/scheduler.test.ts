import { describe, expect, it } from 'vitest';
import { type DeliveryJob, DeliveryScheduler } from './scheduler.js';

/** A job whose step waits until `release` is called (a hanging endpoint, until its timeout). */
function hanging(tenant: string, endpointId: string, key = `${tenant}#${endpointId}#k`) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const job: DeliveryJob & { started: boolean } = {
    tenant,
    endpointId,
    key,
    started: false,
    run: async () => {
      job.started = true;
      await gate;
      return false;
    },
  };
  return { job, release: () => release() };
}

describe('fair webhook delivery (R-SET-12)', () => {
  it("starts tenant B's delivery at once while 20 endpoints of tenant A hang", async () => {
    const s = new DeliveryScheduler({ global: 32, perTenant: 8, perEndpoint: 2 });
    const a = Array.from({ length: 20 }, (_, i) => hanging('A', `ep${i}`));
    for (const h of a) s.add(h.job);
    const b = hanging('B', 'ep');
    s.add(b.job);
    expect(b.job.started).toBe(true);
    // A holds its own share only.
    expect(a.filter((h) => h.job.started)).toHaveLength(8);
    for (const h of a) h.release();
    b.release();
    await s.idle();
    expect(a.every((h) => h.job.started)).toBe(true);
  });

  it('gives a free slot to the tenants in turn, one job each, even when the slots are all taken', async () => {
    const s = new DeliveryScheduler({ global: 2, perTenant: 2, perEndpoint: 2 });
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const job = (tenant: string, n: number): DeliveryJob => ({
      tenant,
      endpointId: `${tenant}${n}`,
      key: `${tenant}${n}`,
      run: () =>
        new Promise<boolean>((r) => {
          order.push(`${tenant}${n}`);
          gates.push(() => r(false));
        }),
    });
    for (let i = 0; i < 5; i++) s.add(job('A', i));
    s.add(job('B', 0));
    s.add(job('C', 0));
    expect(order).toEqual(['A0', 'A1']);
    // Each slot that frees goes to the next tenant in turn: B and C before A's third.
    while (order.length < 7) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(order.slice(2, 5)).toEqual(['B0', 'C0', 'A2']);
    for (const g of gates) g();
    while (gates.length) gates.shift()!();
    await s.idle();
  });

  it('never has more than the per-endpoint cap in flight to one endpoint', async () => {
    const s = new DeliveryScheduler({ global: 32, perTenant: 32, perEndpoint: 2 });
    let now = 0;
    let peak = 0;
    for (let i = 0; i < 10; i++)
      s.add({
        tenant: 'A',
        endpointId: 'slow',
        key: `A#slow#${i}`,
        run: async () => {
          now++;
          peak = Math.max(peak, now);
          await new Promise((r) => setTimeout(r, 5));
          now--;
          return false;
        },
      });
    expect(s.inFlight).toBe(2);
    await s.idle();
    expect(peak).toBe(2);
  });

  it('runs a partition step after step while it has more, taking turns with the others', async () => {
    const s = new DeliveryScheduler({ global: 1, perTenant: 1, perEndpoint: 1 });
    const order: string[] = [];
    let left = 3;
    s.add({
      tenant: 'A',
      endpointId: 'e',
      key: 'A#e#k',
      run: async () => {
        order.push('A');
        return --left > 0;
      },
    });
    s.add({
      tenant: 'B',
      endpointId: 'e',
      key: 'B#e#k',
      run: async () => {
        order.push('B');
        return false;
      },
    });
    await s.idle();
    expect(order).toEqual(['A', 'B', 'A', 'A']);
  });

  it('adds a queued partition once; one added while it runs runs again after', async () => {
    const s = new DeliveryScheduler();
    let runs = 0;
    let release: () => void = () => {};
    const job: DeliveryJob = {
      tenant: 'A',
      endpointId: 'e',
      key: 'A#e#k',
      run: () => {
        runs++;
        return runs === 1 ? new Promise<boolean>((r) => (release = () => r(false))) : Promise.resolve(false);
      },
    };
    s.add(job);
    s.add(job);
    s.add(job);
    release();
    await s.idle();
    expect(runs).toBe(2);
  });

  it('starts nothing once the time is up, and a failing step ends only its own job', async () => {
    let open = true;
    const errors: string[] = [];
    const s = new DeliveryScheduler(
      { global: 1, perTenant: 1, perEndpoint: 1 },
      { mayStart: () => open, onError: (j) => errors.push(j.key) },
    );
    const ran: string[] = [];
    s.add({
      tenant: 'A',
      endpointId: 'e',
      key: 'bad',
      run: async () => {
        ran.push('bad');
        open = false;
        throw new Error('table down');
      },
    });
    s.add({ tenant: 'B', endpointId: 'e', key: 'late', run: async () => !!ran.push('late') });
    await s.idle();
    expect(ran).toEqual(['bad']);
    expect(errors).toEqual(['bad']);
  });
});
