/**
 * The party size clamp (R-SVC-3), apart from the slot rules so that pricing reads it without loading
 * them (the reservations area's cold start); the limits themselves are in ./slots.ts.
 */
/** R-SVC-3: "When a slot is chosen, the participant count is clamped to its maximum." */
export function clampParticipants(count: unknown, limit: number): number {
  const n = typeof count === 'number' ? count : Number(count);
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(1, Math.floor(n)), Math.max(1, limit));
}
