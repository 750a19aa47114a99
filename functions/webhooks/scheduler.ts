/**
 * Fair webhook delivery (docs/requirements/settings.md R-SET-12, docs/decisions/0248-webhook-fair-delivery.md):
 * one tenant's slow or hanging endpoints never delay another tenant's deliveries.
 *
 * A job is one step of one partition (tenant, endpoint, order key): one send at most (drain.ts
 * `drainStep`). Jobs run concurrently under three caps: in all (`global`), per tenant (`perTenant`,
 * below `global`, so one tenant never holds every slot) and per endpoint (`perEndpoint`, so one slow
 * receiver gets at most that many requests at once). Each tenant has its own queue and free slots go
 * round-robin across the tenants with work, one job from each in turn. A step that may have more to
 * send (the answer `true`) goes to the back of its tenant's queue, so a long partition takes turns too.
 *
 * The same scheduler runs the AWS queue consumer (queue-handler.ts, one per invocation), the minute
 * sweep (worker.ts `pollWebhooks`, one per pass) and the local runtime (functions/local/webhook-poller.ts,
 * one for the process, fed every second while sends are in flight).
 */

interface DeliveryLimits {
  /** Steps in flight in all. */
  global: number;
  /** Steps in flight for one tenant (below `global`: the rest is for the others). */
  perTenant: number;
  /** Steps in flight to one endpoint. */
  perEndpoint: number;
}

/** R-SET-12: 32 sends at once, 8 of them for one tenant, 2 to one endpoint. */
export const DELIVERY_LIMITS: DeliveryLimits = { global: 32, perTenant: 8, perEndpoint: 2 };

/**
 * The queue consumer starts no step with less than this left of its invocation: a step is one send of
 * at most 10 s and a few table writes. What is left stays pending and due: the minute sweep sends it.
 */
export const STOP_STARTING_MS = 20_000;

export interface DeliveryJob {
  tenant: string;
  endpointId: string;
  /** The partition (tenant, endpoint, order key): a key queued or running is not added twice. */
  key: string;
  /** One step; `true` when the partition may have more to send now. */
  run: () => Promise<boolean>;
}

interface SchedulerOptions {
  /** False once no new step may start (a Lambda near its timeout): queued jobs are dropped, their markers stay for the sweep. */
  mayStart?: () => boolean;
  /** A step that threw: the job ends (its marker stays, so a later pass takes it). */
  onError?: (job: DeliveryJob, error: unknown) => void;
}

export class DeliveryScheduler {
  private readonly queues = new Map<string, DeliveryJob[]>();
  /** Tenants with queued jobs, in turn order; `cursor` is whose turn is next. */
  private turn: string[] = [];
  private cursor = 0;
  /** Tenants that joined at the cursor since the last pick (served in the order they came). */
  private newcomers = 0;
  private readonly queued = new Set<string>();
  private readonly running = new Set<string>();
  /** Keys added again while running: they run once more even if the step said there was nothing. */
  private readonly again = new Set<string>();
  private readonly tenantRunning = new Map<string, number>();
  private readonly endpointRunning = new Map<string, number>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly limits: DeliveryLimits = DELIVERY_LIMITS,
    private readonly opts: SchedulerOptions = {},
  ) {}

  /** Steps in flight now. */
  get inFlight(): number {
    return this.running.size;
  }

  /** Queues the partition's next step (unless it is queued already) and starts what the caps allow. */
  add(job: DeliveryJob): void {
    if (this.queued.has(job.key)) return;
    if (this.running.has(job.key)) {
      this.again.add(job.key);
      return;
    }
    this.enqueue(job);
    this.pump();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (!this.running.size && !this.queued.size) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Into its tenant's queue. A tenant that had nothing queued joins the turn order: a newcomer is served
   * next (after the newcomers before it), a tenant with a step running or just run goes last in the round.
   */
  private enqueue(job: DeliveryJob, justRan = false): void {
    let q = this.queues.get(job.tenant);
    if (!q) {
      q = [];
      this.queues.set(job.tenant, q);
      if (justRan || this.tenantRunning.has(job.tenant)) {
        this.turn.splice(this.cursor, 0, job.tenant);
        this.cursor++;
      } else {
        this.turn.splice(this.cursor + this.newcomers, 0, job.tenant);
        this.newcomers++;
      }
    }
    q.push(job);
    this.queued.add(job.key);
  }

  private pump(): void {
    if (this.opts.mayStart && !this.opts.mayStart()) this.dropQueued();
    while (this.running.size < this.limits.global) {
      const job = this.pick();
      if (!job) break;
      this.start(job);
    }
    if (!this.running.size && !this.queued.size) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** The next job, round-robin across tenants: the first of the next tenant in turn that is under its caps. */
  private pick(): DeliveryJob | undefined {
    const n = this.turn.length;
    for (let i = 0; i < n; i++) {
      const at = (this.cursor + i) % n;
      const tenant = this.turn[at]!;
      if ((this.tenantRunning.get(tenant) ?? 0) >= this.limits.perTenant) continue;
      const q = this.queues.get(tenant)!;
      const j = q.findIndex((job) => (this.endpointRunning.get(endpointOf(job)) ?? 0) < this.limits.perEndpoint);
      if (j < 0) continue;
      const [job] = q.splice(j, 1) as [DeliveryJob];
      this.newcomers = 0;
      this.queued.delete(job.key);
      if (q.length) this.cursor = (at + 1) % n;
      else {
        this.queues.delete(tenant);
        this.turn.splice(at, 1);
        this.cursor = this.turn.length ? at % this.turn.length : 0;
      }
      return job;
    }
    return undefined;
  }

  private start(job: DeliveryJob): void {
    const ep = endpointOf(job);
    this.running.add(job.key);
    bump(this.tenantRunning, job.tenant, 1);
    bump(this.endpointRunning, ep, 1);
    let more = false;
    // Started now (a free slot is used at once); a step that throws before it returns a promise is an
    // error like any other.
    let step: Promise<boolean>;
    try {
      step = job.run();
    } catch (e) {
      step = Promise.reject(e);
    }
    step
      .then(
        (r) => {
          more = r;
        },
        (e) => this.opts.onError?.(job, e),
      )
      .finally(() => {
        this.running.delete(job.key);
        bump(this.tenantRunning, job.tenant, -1);
        bump(this.endpointRunning, ep, -1);
        const again = this.again.delete(job.key);
        if (more || again) this.enqueue(job, true);
        this.pump();
      });
  }

  private dropQueued(): void {
    this.queues.clear();
    this.turn = [];
    this.cursor = 0;
    this.newcomers = 0;
    this.queued.clear();
  }
}

const endpointOf = (job: DeliveryJob) => `${job.tenant}#${job.endpointId}`;

function bump(m: Map<string, number>, key: string, by: number): void {
  const v = (m.get(key) ?? 0) + by;
  if (v > 0) m.set(key, v);
  else m.delete(key);
}
