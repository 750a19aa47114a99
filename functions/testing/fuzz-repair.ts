import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * Makes the sampled baseline of a fuzz route valid (docs/decisions/0159-hardening-contract-fuzz-test.md): the
 * JSON Schema sample ignores refinements, so `repair` nudges it field by field until the zod schema
 * accepts it.
 */
const REPAIR_CANDIDATES: unknown[] = [
  undefined,
  '10:00',
  '12:00',
  '2030-01-05',
  '2030-01-06',
  'fuzz@example.com',
  'paddle-hard-9',
  '+1 555 123 4567',
  randomUUID(),
  1,
  2,
  10,
  100,
  true,
  false,
  null,
  '',
  'x',
  'fuzz',
  '[]',
  '{}',
  [],
  {},
  'PER_PERSON',
  'FIXED',
  'hourly',
  'image/png',
  'UTC',
  '12.50',
  '1',
];

function getAt(root: unknown, path: PropertyKey[]): unknown {
  let cur = root as Record<PropertyKey, unknown> | undefined;
  for (const k of path) cur = cur?.[k] as Record<PropertyKey, unknown> | undefined;
  return cur;
}

function withValue(root: unknown, path: PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<PropertyKey, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) {
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = typeof path[path.indexOf(k) + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<PropertyKey, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(cur)) delete cur[last];
  else cur[last] = value;
  return copy;
}

/**
 * Nudges `value` until `schema` accepts it (refinements included), one issue at a time: each
 * issue's field tries the values the issue names (enum members, limits), common shapes (times,
 * dates, e-mails), its sibling values (a confirmation equal to its password) and removal.
 * Returns the best value found; callers treat it as valid only if it parses.
 */
export function repair(schema: z.core.$ZodType, value: unknown, rounds = 40): unknown {
  let cur = value;
  let issues = z.safeParse(schema, cur).error?.issues ?? [];
  for (let i = 0; i < rounds && issues.length; i++) {
    const issue = issues[0]! as z.core.$ZodIssue & {
      values?: unknown[];
      keys?: string[];
      minimum?: number | bigint;
      maximum?: number | bigint;
      expected?: string;
    };
    const path = issue.path;
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      let next = cur;
      for (const k of issue.keys) next = withValue(next, [...path, k], undefined);
      cur = next;
      issues = z.safeParse(schema, cur).error?.issues ?? [];
      continue;
    }
    const parent = getAt(cur, path.slice(0, -1));
    const siblings =
      parent && typeof parent === 'object' ? Object.values(parent as object).filter((v) => typeof v === 'string') : [];
    const own: unknown[] = [
      ...(issue.values ?? []),
      ...(typeof issue.minimum === 'number' ? [issue.minimum, 'x'.repeat(Math.min(issue.minimum, 1000))] : []),
      ...(typeof issue.maximum === 'number' ? [issue.maximum] : []),
      ...(issue.expected === 'array'
        ? [[]]
        : issue.expected === 'object'
          ? [{}]
          : issue.expected === 'number'
            ? [1]
            : issue.expected === 'boolean'
              ? [true]
              : []),
    ];
    // the candidate that removes this issue with the fewest issues left (one more is allowed: a
    // closed day's times come next), else any that lowers the count
    let best = cur;
    let bestIssues: z.core.$ZodIssue[] | undefined;
    for (const c of [...own, ...siblings, ...REPAIR_CANDIDATES]) {
      const next = withValue(cur, path, c);
      const n = z.safeParse(schema, next).error?.issues ?? [];
      const stillHere = n.some((x) => x.path.join('.') === path.join('.') && x.code === issue.code);
      const better =
        bestIssues === undefined
          ? (!stillHere && n.length <= issues.length + 1) || n.length < issues.length
          : n.length < bestIssues.length;
      if (better) {
        best = next;
        bestIssues = n;
        if (!n.length) break;
      }
    }
    if (!bestIssues) break;
    cur = best;
    issues = bestIssues;
  }
  return cur;
}
