/**
 * The imports that still go up the area ranks (AREA_RANKS in functions/lint/boundaries.ts), one edge
 * (importing file -> imported file) each, with why it is still there. The boundary lint fails on an
 * upward import not listed here and on a listed edge that no longer exists, so this list only
 * shrinks: remove a line when its import goes (docs/decisions/0260-areas-depend-one-way.md).
 */
export const RANK_EXCEPTIONS: Readonly<Record<string, string>> = {};
