/**
 * Parsed on load with an empty default when parsing fails, silently (document 2 §3). Its own module
 * so the public service page reads JSON fields without loading the service form (zod, the contract).
 */
export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    const v = JSON.parse(value) as unknown;
    return (v ?? fallback) as T;
  } catch {
    return fallback;
  }
}
