/**
 * DEAD_LETTER_QUEUES, set by infra/permissions.ts grantHealthProbes: a JSON object, queue name → queue URL.
 * Unset (locally) means "no queues here", which the health page shows as not configured. Set but
 * malformed is an error (docs/decisions/0257-batch-reads-paging-dead-letters.md): it used to read as "no queues", so failed runs piling up in a
 * dead-letter queue went unseen. The platform area checks it at cold start (handler.ts), so a bad
 * value stops the function with this message instead of quietly switching the checks off.
 */
export function deadLetterQueues(raw: string | undefined): Record<string, string> | null {
  if (raw === undefined || raw === '') return null;
  const fail = (why: string): never => {
    throw new Error(
      `DEAD_LETTER_QUEUES is malformed (${why}); expected a JSON object of queue name to https queue URL`,
    );
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail('not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('not a JSON object');
  const entries = Object.entries(parsed);
  if (!entries.length) return fail('no queues named');
  for (const [name, url] of entries) {
    if (typeof url !== 'string' || !/^https?:\/\/[^\s/]+\/\S+$/.test(url)) fail(`queue "${name}" has no queue URL`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
