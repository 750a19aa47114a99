import type { SendResult } from '../lib/webhook-send.js';

/** What the webhook worker's steps share (worker.ts, fan-out.ts, drain.ts): options, counts, the time text. */
export interface WorkerOptions {
  /** The clock (tests inject one). */
  now?: () => number;
  /** Called after a send, before it is recorded: tests throw here to play a crash. */
  afterSend?: (result: SendResult) => void;
}

export interface WorkerStats {
  fannedOut: number;
  sent: number;
  delivered: number;
  failed: number;
}

export const emptyStats = (): WorkerStats => ({ fannedOut: 0, sent: 0, delivered: 0, failed: 0 });
export const iso = (ms: number) => new Date(ms).toISOString();
