import { describe, expect, it } from 'vitest';

import { emailAscii, isEmail } from './email.js';

describe('the one e-mail rule', () => {
  it('accepts name@host.tld and refuses spaces, missing parts and over-long addresses', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('  a@b.co ')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.de')).toBe(false);
    expect(isEmail('@c.de')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('accepts quoted local parts and the atext of RFC 5322 (docs/decisions/0011-validation-rules.md)', () => {
    expect(isEmail('"x y"@example.com')).toBe(true);
    expect(isEmail('"a@b"@example.com')).toBe(true);
    expect(isEmail('"say \\"hi\\""@example.com')).toBe(true);
    expect(isEmail("o'brien+tag@example.co.uk")).toBe(true);
    expect(isEmail('first.last@sub.example.com')).toBe(true);
  });

  it('refuses the reported (ä@"ý.ă÷åqü, control and odd characters, and bad dots', () => {
    expect(isEmail('(ä@"ý.ă÷åqü')).toBe(false);
    expect(isEmail('a(comment)@example.com')).toBe(false);
    expect(isEmail('a\u0000b@example.com')).toBe(false);
    expect(isEmail('a\tb@example.com')).toBe(false);
    expect(isEmail('"a\u0007"@example.com')).toBe(false);
    expect(isEmail('ä@example.com')).toBe(false);
    expect(isEmail('.a@example.com')).toBe(false);
    expect(isEmail('a..b@example.com')).toBe(false);
    expect(isEmail('a.@example.com')).toBe(false);
    expect(isEmail('<a@example.com>')).toBe(false);
    expect(isEmail('a@b@example.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('wants a domain of dot-separated host labels, internationalised ones by their punycode', () => {
    expect(isEmail('a@example')).toBe(false);
    expect(isEmail('a@-example.com')).toBe(false);
    expect(isEmail('a@example-.com')).toBe(false);
    expect(isEmail('a@exa_mple.com')).toBe(false);
    expect(isEmail('a@example..com')).toBe(false);
    expect(isEmail('a@example.com.')).toBe(false);
    expect(isEmail('a@1.2.3.4')).toBe(false);
    expect(isEmail('a@[127.0.0.1]')).toBe(false);
    expect(isEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
    expect(isEmail('a@ex÷ample.com')).toBe(false);
    expect(emailAscii('a@bücher.example')).toBe('a@xn--bcher-kva.example');
    expect(emailAscii('"x y"@Example.COM')).toBe('"x y"@example.com');
  });
});
