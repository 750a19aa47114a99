import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadLetterQueues } from './dead-letter-queues.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const url = 'https://sqs.us-east-1.amazonaws.com/123456789012/resize-dlq';

describe('DEAD_LETTER_QUEUES', () => {
  it('reads a JSON object of queue name to URL; unset means none configured', () => {
    expect(deadLetterQueues(JSON.stringify({ resize: url }))).toEqual({ resize: url });
    expect(deadLetterQueues(undefined)).toBeNull();
    expect(deadLetterQueues('')).toBeNull();
  });

  it.each([
    ['not JSON', '{resize:', /not JSON/],
    ['an array', JSON.stringify([url]), /not a JSON object/],
    ['a string', JSON.stringify(url), /not a JSON object/],
    ['empty', '{}', /no queues named/],
    ['a number for a URL', JSON.stringify({ resize: 5 }), /queue "resize" has no queue URL/],
    ['a name for a URL', JSON.stringify({ resize: 'resize-dlq', hk: url }), /queue "resize" has no queue URL/],
  ])('fails loudly when it is %s', (_what, raw, message) => {
    expect(() => deadLetterQueues(raw)).toThrow(/DEAD_LETTER_QUEUES is malformed/);
    expect(() => deadLetterQueues(raw)).toThrow(message);
  });

  it('stops the platform area at cold start when malformed', async () => {
    vi.stubEnv('DEAD_LETTER_QUEUES', '{"resize": "resize-dlq"');
    await expect(import('./handler.js')).rejects.toThrow(/DEAD_LETTER_QUEUES is malformed/);
  });

  it('shows a malformed value as an unhealthy check on the health page, not as "no queues"', async () => {
    vi.stubEnv('DEAD_LETTER_QUEUES', '[]');
    const { queueChecks } = await import('./health.js');
    const checks = await queueChecks(async () => 0);
    expect(checks).toHaveLength(1);
    expect(checks[0]![1]).toMatchObject({ status: 'unhealthy', message: expect.stringMatching(/malformed/) });
  });
});
