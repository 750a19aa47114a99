import { describe, expect, it } from 'vitest';
import * as z from '../../../../../shared/zod.js';
import { photoUrlsJson } from '../../../../../shared/contract/responses.js';
import { photoUrlsOf } from './decode-public.js';

describe('photoUrlsOf (the share page reads photo variants without zod)', () => {
  it('reads what the contract codec writes', () => {
    const urls = {
      original: 'https://cdn.test/o.jpg',
      medium: 'https://cdn.test/m.webp',
      large: 'https://cdn.test/l.webp',
    };
    expect(photoUrlsOf(z.encode(photoUrlsJson, urls))).toEqual(urls);
  });

  it('keeps only text addresses of known variants, and reads broken text as none', () => {
    expect(photoUrlsOf('{"medium":"https://cdn.test/m.webp","large":7,"thumb":"x"}')).toEqual({
      medium: 'https://cdn.test/m.webp',
    });
    expect(photoUrlsOf('not json')).toBeNull();
    expect(photoUrlsOf('"text"')).toBeNull();
    expect(photoUrlsOf(null)).toBeNull();
  });
});
