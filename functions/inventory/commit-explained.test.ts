import { describe, expect, it } from 'vitest';
import { type AuditedWrite, WriteFailed } from '../lib/audited-write.js';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.js';
import { commitExplained } from './items.js';

/** A write whose commit fails the way DynamoDB's cancellation does, already mapped to part names. */
const failing = (e: unknown) => ({ commit: async () => Promise.reject(e) }) as unknown as AuditedWrite;
const reasons = {
  number: conflict('Item ID "K-1" already exists'),
  type: notFound('Product type not found'),
  variant: badRequest('The variant does not belong to this product type'),
};

async function answer(e: unknown): Promise<unknown> {
  try {
    await commitExplained(failing(e), reasons);
    return 'committed';
  } catch (err) {
    return err;
  }
}

describe('commitExplained: a cancelled inventory write is answered by the NAME of the failed part', () => {
  it('answers the reason of the named part whatever its position among the parts', async () => {
    expect(await answer(new WriteFailed(['type'], false, null))).toBe(reasons.type);
    expect(await answer(new WriteFailed(['variant'], false, null))).toBe(reasons.variant);
    // several failed: the first one named in part order wins (item before number before type ...)
    expect(await answer(new WriteFailed(['item', 'number', 'type'], false, null))).toBe(reasons.number);
  });

  it('answers the generic "changed meanwhile" conflict for a failed part it has no reason for', async () => {
    const e = await answer(new WriteFailed(['item'], false, null));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).statusCode).toBe(409);
    expect((e as ApiError).message).toMatch(/changed while you were editing/);
  });

  it('passes through what is not a failed condition: a contended write, any other error', async () => {
    const contended = new WriteFailed([], true, null);
    expect(await answer(contended)).toBe(contended);
    const other = new Error('network');
    expect(await answer(other)).toBe(other);
  });

  it('commits quietly when nothing fails', async () => {
    await expect(
      commitExplained({ commit: async () => undefined } as unknown as AuditedWrite, reasons),
    ).resolves.toBeUndefined();
  });
});
