import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes a zod loaded afterwards jitless (no eval probe under the CSP)', async () => {
    await import('./zod-jitless.js');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
