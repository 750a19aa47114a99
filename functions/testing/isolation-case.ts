/**
 * The shape of one isolation case, apart from the registry (functions/testing/isolation-fixtures.ts) so
 * that each area's fixtures import the type without importing the registry that imports them.
 */
import type { TestSession } from './fixtures.js';

/**
 * How to call a tenant-scoped route against data that tenant A owns. The isolation test calls it as
 * A (must succeed) and as tenant B (must be refused, or succeed without showing any of `secrets`).
 * Every built tenant route needs an entry: the test fails for a built route that has none.
 */
export interface IsolationCase {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** For multipart routes: the request as sent (a JSON `body` cannot carry a file). */
  headers?: Record<string, string>;
  rawBody?: string;
  /** Values of A's data that must never appear in B's answer (ids, names, numbers). */
  secrets: string[];
}

export type IsolationFixture = (owner: TestSession) => Promise<IsolationCase>;
