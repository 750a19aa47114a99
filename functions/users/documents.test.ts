import { describe, expect, it } from 'vitest';
import { bytesMatch } from './documents.js';

const b = (...n: number[]) => new Uint8Array(n);
describe('document bytes (magic numbers decide, not names)', () => {
  it('recognises each accepted kind and refuses mismatches', () => {
    expect(bytesMatch('pdf', new TextEncoder().encode('%PDF-1.7 ...'))).toBe(true);
    expect(bytesMatch('pdf', new TextEncoder().encode('hello'))).toBe(false);
    expect(bytesMatch('doc', b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe(true);
    expect(bytesMatch('docx', b(0x50, 0x4b, 0x03, 0x04, 1))).toBe(true);
    expect(bytesMatch('docx', new TextEncoder().encode('%PDF-'))).toBe(false);
    expect(bytesMatch('jpg', b(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(bytesMatch('jpeg', b(0x89, 0x50, 0x4e, 0x47))).toBe(false);
    expect(bytesMatch('png', b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
  });

  it('takes UTF-8 text as .txt (even cut mid-character) but not binary or empty files', () => {
    expect(bytesMatch('txt', new TextEncoder().encode('Notes: café ✓'))).toBe(true);
    const cut = new TextEncoder().encode('ab✓').subarray(0, 4);
    expect(bytesMatch('txt', cut)).toBe(true);
    expect(bytesMatch('txt', b(0x61, 0x00, 0x62))).toBe(false);
    expect(bytesMatch('txt', b(0xff, 0xfe, 0x41))).toBe(false);
    expect(bytesMatch('txt', b())).toBe(false);
  });
});
