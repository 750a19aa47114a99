import { describe, expect, it } from 'vitest';

import { isEmail } from './email.js';

describe('the one e-mail rule', () => {
  it('accepts name@host.tld and refuses spaces, missing parts and over-long addresses', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('  a@b.co ')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.de')).toBe(false);
    expect(isEmail('@c.de')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
});
