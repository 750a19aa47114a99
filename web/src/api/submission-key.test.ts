import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.js';
import { SubmissionKey } from './submission-key.js';

describe('SubmissionKey (docs/decisions/0004-idempotent-submissions.md)', () => {
  it('keeps one key for a retried or double-sent payload and renews it after success or a change', async () => {
    const k = new SubmissionKey();
    const first = k.for({ name: 'Cart', n: 1 });
    expect(k.for({ name: 'Cart', n: 1 })).toBe(first);
    const changed = k.for({ name: 'Cart', n: 2 });
    expect(changed).not.toBe(first);
    const sent: string[] = [];
    await expect(
      k.send({ name: 'Cart', n: 2 }, async (key) => {
        sent.push(key);
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    await k.send({ name: 'Cart', n: 2 }, async (key) => sent.push(key));
    expect(sent).toEqual([changed, changed]);
    expect(k.for({ name: 'Cart', n: 2 })).not.toBe(changed);
  });
});

describe('the client and idempotent routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses to call an idempotent route without a key, and sends the key as Idempotency-Key', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('inventory.createLocation', { body: { name: 'Shed' } } as never)).rejects.toThrow(
      /idempotencyKey/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await api('inventory.createLocation', { body: { name: 'Shed' }, idempotencyKey: 'key-12345678' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-12345678');
  });
});
