import * as z from '../../shared/zod.js';
import { queryPages, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';
import { logger } from './logger.js';

/**
 * Stored rows become domain objects in one place per entity: its row schema (zod) and `rowParser`.
 * A row that does not match is a bug or a bad write, never something to paper over with `Number(v) || 0`:
 * the parse throws `RowShapeError` (a logged 500 for a request, a failed run for a sweep) naming the
 * entity, the row's keys and the attributes that did not match. Attributes the schema does not name
 * (keys, index attributes) are dropped.
 */
export class RowShapeError extends Error {
  constructor(
    readonly entity: string,
    readonly key: { pk?: unknown; sk?: unknown },
    readonly problems: string[],
  ) {
    super(
      `Stored ${entity} row ${String(key.pk)} / ${String(key.sk)} does not match its schema: ${problems.join('; ')}`,
    );
    this.name = 'RowShapeError';
  }
}

export type RowParser<T> = (item: Record<string, unknown>) => T;

export function rowParser<S extends z.ZodMiniType>(entity: string, schema: S): RowParser<z.output<S>> {
  return (item) => {
    const r = schema.safeParse(item);
    if (r.success) return r.data;
    const problems = r.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`);
    const e = new RowShapeError(entity, { pk: item.pk, sk: item.sk }, problems);
    logger.error('Stored row does not match its schema', { entity, pk: item.pk, sk: item.sk, problems });
    throw e;
  };
}

/** A counter attribute kept by ADD: absent until the first ADD, so absent is 0; anything else must be a number ≥ 0. */
export const counter = () => z._default(z.number().check(z.nonnegative()), 0);
/** An optional text attribute that may be absent or null on the row: null in the domain object. */
export const optionalText = () =>
  z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  );

/**
 * Every row of the tenant's partition whose sort key starts with `prefix` (all pages), each through
 * its entity's parser. For the small per-tenant lists (users, documents, API keys, webhooks, calendar
 * feeds, inventory's types and locations, timesheet counters): the one paginated prefix Query.
 * `projection` reads only the named attributes (plain names, no reserved words).
 */
export async function tenantRowsWithPrefix<T>(
  tenant: TenantId,
  prefix: string,
  parse: RowParser<T>,
  opts: { consistent?: boolean; projection?: string } = {},
): Promise<T[]> {
  const out: T[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': prefix },
    ConsistentRead: opts.consistent,
    ProjectionExpression: opts.projection,
  })) {
    for (const i of items) out.push(parse(i));
  }
  return out;
}
