/** Every quarter hour of a day, 00:00 to 23:45 (R-SET-4: 15-minute steps). */
export const QUARTER_HOURS: string[] = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

interface EditableRow {
  id: string;
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}

/** Closing a row clears its times; reopening gives the default 09:00-17:00 back. */
export function setClosed<R extends EditableRow>(row: R, isClosed: boolean): R {
  return isClosed
    ? { ...row, isClosed, openTime: '', closeTime: '' }
    : { ...row, isClosed, openTime: row.openTime || '09:00', closeTime: row.closeTime || '17:00' };
}

let seq = 0;
export const newRowId = () => `new-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** True when two values differ as saved data (Save is enabled only with changes). */
export function changed(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Field errors of a failed parse, keyed by path ('hours.0.closeTime'). */
export function issuesByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    out[key] ??= i.message;
  }
  return out;
}
