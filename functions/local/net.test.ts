import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamoStartTimeoutMs } from './dynamodb-local.js';
import { PROGRESS_EVERY_MS, waitFor } from './net.js';

describe('waiting for an emulator (docs/decisions/0010-stack-checks.md)', () => {
  afterEach(() => vi.useRealTimers());

  it('DynamoDB Local gets well over 30 s to answer on a busy machine, and the limit can be set', () => {
    expect(dynamoStartTimeoutMs({})).toBeGreaterThanOrEqual(120_000);
    expect(dynamoStartTimeoutMs({ DYNAMODB_START_TIMEOUT_SECONDS: '300' })).toBe(300_000);
    expect(dynamoStartTimeoutMs({ DYNAMODB_START_TIMEOUT_SECONDS: 'soon' })).toBe(dynamoStartTimeoutMs({}));
  });

  it('says it is still waiting every 10 s, then succeeds when the emulator answers late', async () => {
    vi.useFakeTimers();
    const readyAt = Date.now() + 45_000;
    const lines: string[] = [];
    const done = waitFor(
      async () => Date.now() >= readyAt,
      180_000,
      'DynamoDB Local',
      (l) => lines.push(l),
    );
    await vi.advanceTimersByTimeAsync(46_000);
    await done;
    expect(lines).toHaveLength(Math.floor(45_000 / PROGRESS_EVERY_MS));
    expect(lines[0]).toBe('Still waiting for DynamoDB Local to answer (10 s of 180 s)...');
  });

  it('gives up with the limit named when nothing answers', async () => {
    vi.useFakeTimers();
    const done = waitFor(async () => false, 20_000, 'DynamoDB Local');
    const failed = expect(done).rejects.toThrow('DynamoDB Local did not become ready within 20 s');
    await vi.advanceTimersByTimeAsync(21_000);
    await failed;
  });
});
