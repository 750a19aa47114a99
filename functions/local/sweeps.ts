import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { SweepDefinition } from '../lib/sweep-schedules.js';

export interface SweepStats {
  runs: number;
  failures: number;
  lastRunAt?: string;
  lastError?: string;
}

export interface SweepScheduler {
  stats: Record<string, SweepStats>;
  /** Runs one sweep now (as a scheduled tick would); resolves when it finishes. */
  runNow(name: string): Promise<void>;
  stop(): void;
}

/**
 * Runs the sweeps on the rates EventBridge uses in AWS. A tick that finds the previous run of the same
 * sweep still going is skipped (EventBridge would overlap; sweeps are idempotent, but locally one at
 * a time keeps DynamoDB Local calm). Errors are logged and never stop the runtime.
 */
export function scheduleSweeps(
  sweeps: readonly SweepDefinition[],
  opts: {
    root: string;
    intervalMs?: number;
    onError: (name: string, error: unknown) => void;
    onRun?: (name: string, result: unknown) => void;
  },
): SweepScheduler {
  const stats: Record<string, SweepStats> = {};
  const running = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  const byName = new Map(sweeps.map((s) => [s.name, s]));

  const run = async (sweep: SweepDefinition) => {
    if (running.has(sweep.name)) return;
    running.add(sweep.name);
    const s = stats[sweep.name]!;
    try {
      const mod = (await import(pathToFileURL(resolve(opts.root, sweep.entry)).href)) as {
        handler?: () => Promise<unknown>;
      };
      if (typeof mod.handler !== 'function') throw new Error(`${sweep.entry} exports no handler`);
      const result = await mod.handler();
      s.runs++;
      opts.onRun?.(sweep.name, result);
    } catch (e) {
      s.failures++;
      s.lastError = e instanceof Error ? e.message : String(e);
      opts.onError(sweep.name, e);
    } finally {
      s.lastRunAt = new Date().toISOString();
      running.delete(sweep.name);
    }
  };

  for (const sweep of sweeps) {
    stats[sweep.name] = { runs: 0, failures: 0 };
    const every = opts.intervalMs ?? sweep.everyMinutes * 60_000;
    const t = setInterval(() => void run(sweep), every);
    t.unref();
    timers.push(t);
  }

  return {
    stats,
    runNow: async (name) => {
      const sweep = byName.get(name);
      if (!sweep) throw new Error(`No sweep named ${name}`);
      await run(sweep);
    },
    stop: () => timers.forEach(clearInterval),
  };
}
