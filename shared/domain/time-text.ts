/**
 * Dates as text with month names ('MMM d, yyyy h:mm a'), in a zone: date-fns' full `format` and its
 * English locale (~15 KB). A module of its own, apart from time.ts, because esbuild assigns whole
 * files to chunks by which entry points reach them: a Lambda that only reaches time.ts must not
 * carry this (docs/decisions.md, "Lean bundles, third pass"). Digits-only formats: time.ts
 * formatNumericIn.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Format an instant in a zone with any date-fns pattern. */
export function formatIn(instant: Date | number, zone: string, pattern: string): string {
  return format(new TZDate(typeof instant === 'number' ? instant : instant.getTime(), zone), pattern);
}
