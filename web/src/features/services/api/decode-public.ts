/**
 * The share page's answer read without a schema library: its only JSON-text field is `photoUrls`
 * (docs/requirements/booking.md R-BOOK-1), so the customer's first load carries no zod and no contract
 * (docs/decisions/0221-first-load-route-preload-and-compression.md). A photo address that is not text is
 * dropped, and text that is not JSON reads as no photo variants: the page then shows `photo` alone.
 * The contract's codec (`photoUrlsJson`) stays the one the server writes with and the tests check.
 */
import type { PublicService } from '../../../../../shared/contract/responses.js';
import type { Answer } from '../../../api/client.js';

type PhotoUrls = NonNullable<PublicService['photoUrls']>;
const VARIANTS = ['original', 'medium', 'large'] as const;

export function photoUrlsOf(text: string | null): PhotoUrls | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const out: PhotoUrls = {};
  for (const v of VARIANTS) {
    const url = (parsed as Record<string, unknown>)[v];
    if (typeof url === 'string') out[v] = url;
  }
  return out;
}

export function decodePublicService(wire: Answer<'services.publicGet'>): PublicService {
  return { ...wire.data, photoUrls: photoUrlsOf(wire.data.photoUrls) };
}
