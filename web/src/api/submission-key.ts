import { useRef } from 'react';
import { newIdempotencyKey } from './client.js';

/**
 * The Idempotency-Key of one form submission (docs/decisions/0004-idempotent-submissions.md). `for(payload)` gives the key to send:
 * the same key while the payload is the same (a retry after a network error, a second click while
 * the first is on its way), so the server answers the repeat with the first answer; a new key once
 * the user changed what is sent (the server would refuse an old key with a different body, 422) and
 * after `renew()`, which a form calls when its submission succeeded, so a deliberate second create of
 * the same values is a new submission.
 */
export class SubmissionKey {
  private current: { key: string; payload: string } | null = null;

  for(payload: unknown): string {
    const sent = fingerprint(payload);
    if (!this.current || this.current.payload !== sent) this.current = { key: newIdempotencyKey(), payload: sent };
    return this.current.key;
  }

  renew(): void {
    this.current = null;
  }

  /** Sends `payload` under its key (`request` gets the key) and renews the key once that succeeded. */
  async send<T>(payload: unknown, request: (key: string) => Promise<T>): Promise<T> {
    const value = await request(this.for(payload));
    this.renew();
    return value;
  }
}

function fingerprint(payload: unknown): string {
  if (typeof FormData !== 'undefined' && payload instanceof FormData) {
    return JSON.stringify(
      [...payload.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `${v.name}:${v.size}:${v.lastModified}`]),
    );
  }
  return JSON.stringify(payload ?? null);
}

/** A form's SubmissionKey, kept for the life of the component. */
export function useSubmissionKey(): SubmissionKey {
  const ref = useRef<SubmissionKey | null>(null);
  ref.current ??= new SubmissionKey();
  return ref.current;
}
