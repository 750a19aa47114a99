import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueDepth, sweepVerdict } from './health.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('sweep verdict from its heartbeat', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const ago = (min: number) => new Date(now - min * 60_000).toISOString();

  it('is healthy within 3x the rate, unhealthy after, when the last run failed, or when it never ran', () => {
    expect(
      sweepVerdict({ name: 's', lastStartedAt: ago(4), lastSucceededAt: ago(4), lastDurationMs: 12 }, 5, now),
    ).toEqual({ status: 'healthy', message: 'Last success 4 min ago, took 12 ms' });
    expect(sweepVerdict({ name: 's', lastStartedAt: ago(15), lastSucceededAt: ago(15) }, 5, now).status).toBe(
      'healthy',
    );
    expect(sweepVerdict({ name: 's', lastStartedAt: ago(16), lastSucceededAt: ago(16) }, 5, now)).toEqual({
      status: 'unhealthy',
      message: 'Last success 16 min ago (runs every 5 min)',
    });
    expect(
      sweepVerdict(
        { name: 's', lastStartedAt: ago(1), lastSucceededAt: ago(6), lastFailedAt: ago(1), lastError: 'boom' },
        5,
        now,
      ),
    ).toEqual({ status: 'unhealthy', message: 'Last run failed: boom' });
    // a failure followed by a success is healthy again
    expect(
      sweepVerdict(
        { name: 's', lastStartedAt: ago(1), lastSucceededAt: ago(1), lastFailedAt: ago(6), lastError: 'boom' },
        5,
        now,
      ).status,
    ).toBe('healthy');
    expect(sweepVerdict({ name: 's', lastStartedAt: ago(181) }, 60, now)).toEqual({
      status: 'unhealthy',
      message: 'No successful run recorded yet',
    });
  });

  it('calls a sweep that has not run yet pending, not a fault, until the scheduler should have fired it (docs/decisions/0024-words-and-states.md)', () => {
    // A fresh platform: no heartbeat at all.
    expect(sweepVerdict(undefined, 60, now)).toEqual({ status: 'pending', message: 'Not run yet' });
    // Other sweeps started 10 minutes ago: an hourly one is not late yet, a 3-minute one is.
    expect(sweepVerdict(undefined, 60, now, now - 10 * 60_000).status).toBe('pending');
    expect(sweepVerdict(undefined, 3, now, now - 10 * 60_000)).toEqual({
      status: 'unhealthy',
      message: 'No run recorded yet (runs every 3 min)',
    });
    // Its first run is under way.
    expect(sweepVerdict({ name: 's', lastStartedAt: ago(1) }, 60, now)).toEqual({
      status: 'pending',
      message: 'First run in progress',
    });
  });
});

describe('dead-letter queue depth (SQS JSON protocol, SigV4)', () => {
  it('signs one GetQueueAttributes POST to the queue region with the function credentials and reads the count', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ Attributes: { ApproximateNumberOfMessages: '3' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const url = 'https://sqs.eu-west-1.amazonaws.com/123456789012/sweep-dlq';
    expect(await queueDepth(url)).toBe(3);
    const [target, init] = fetchMock.mock.calls[0]!;
    expect(target).toBe('https://sqs.eu-west-1.amazonaws.com/');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-amz-target']).toBe('AmazonSQS.GetQueueAttributes');
    expect(headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(headers['x-amz-security-token']).toBe('session-token');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sqs\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(String(init.body))).toEqual({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] });
  });

  it('reports what SQS refused, and refuses to run without credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ __type: 'com.amazonaws.sqs#AccessDenied', message: 'not allowed' }), {
            status: 400,
          }),
      ),
    );
    await expect(queueDepth('https://sqs.us-east-1.amazonaws.com/1/q')).rejects.toThrow(
      'SQS answered 400 com.amazonaws.sqs#AccessDenied: not allowed',
    );
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    await expect(queueDepth('https://sqs.us-east-1.amazonaws.com/1/q')).rejects.toThrow(
      'No AWS credentials in the environment',
    );
  });
});
