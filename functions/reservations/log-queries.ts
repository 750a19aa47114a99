/**
 * The reservation log: newest first from the log rows (or the per-action / per-reservation index),
 * the total from counters kept on write.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LOG_PAGE_SIZE, type LogAction, type ReservationLogEntry } from '../../shared/contract/reservation-models.js';
import { reservationNumberFrom } from '../../shared/domain/reservations.js';
import { batchGetAll, db, type PagedQuery, queryPageResults, queryPages, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { count, counterRow } from './counts.js';
import { logActionIndex, logReservationIndex, numberKey, RESERVATION_ROWS } from '../reservation-rows/entity.js';
import { parseLogRow, parseNumberPointer } from '../reservation-rows/row-schemas.js';

type Row = Record<string, unknown>;

interface LogQuery {
  page?: number;
  limit?: number;
  cursor?: string;
  action?: LogAction | '';
  employeeId?: string;
  reservationId?: string;
  reservationNumber?: string;
}

/** A stored log line as the log's answer shows it. */
function toLogEntry(item: Row): ReservationLogEntry {
  const { note: _note, ...entry } = parseLogRow(item);
  return { ...entry, hours: entry.hours ?? null };
}

const LOG_SK = /^RESLOG#[0-9T:.Z-]{20,30}#[0-9a-f-]{36}$/;

/**
 * The employee filter's choices: everyone the log counts entries for (the `log#emp#{id}` counters
 * of the counter row), named from their user rows; one GetItem and one BatchGet, whatever the log's size.
 */
async function logEmployees(tenant: TenantId): Promise<{ id: string; name: string }[]> {
  const ids = Object.entries(await counterRow(tenant))
    .filter(([k, v]) => k.startsWith('log#emp#') && count(v) > 0)
    .map(([k]) => k.slice('log#emp#'.length));
  const names = new Map<string, string>();
  for (const u of await batchGetAll(
    ids.map((id) => ({ ...keys.user(tenant, id) })),
    { projection: 'sk, firstName, lastName, username' },
  )) {
    const name = [u.firstName, u.lastName]
      .filter((x) => typeof x === 'string' && x.trim())
      .join(' ')
      .trim();
    names.set(String(u.sk).slice('USER#'.length), name || String(u.username ?? ''));
  }
  // Someone deleted since still has entries: listed, so their entries stay findable.
  return ids
    .map((id) => ({ id, name: names.get(id) || 'Former employee' }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function listLog(tenant: TenantId, query: LogQuery) {
  const limit = query.limit ?? LOG_PAGE_SIZE;
  const page = query.page ?? 1;
  const employees = logEmployees(tenant);
  employees.catch(() => undefined); // awaited on every answer; a refusal below must not leave it unhandled
  let reservationId = query.reservationId;
  if (query.reservationNumber?.trim()) {
    // The number the screen shows: its pointer row gives the id the per-reservation index is keyed by.
    const number = reservationNumberFrom(query.reservationNumber);
    const pointer = number
      ? await db().send(new GetCommand({ TableName: tableName(), Key: numberKey(tenant, number) }))
      : null;
    const id = pointer?.Item ? parseNumberPointer(pointer.Item).reservationId : undefined;
    if (!id || (reservationId && reservationId !== id)) return logAnswer([], page, limit, 0, null, await employees);
    reservationId = id;
  }
  const q: LogQuery = { ...query, reservationId };
  const action = q.action || undefined;
  // The narrowest source: one reservation, one action, else every log row of the tenant.
  const source = q.reservationId
    ? {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        values: { ':pk': logReservationIndex(tenant, q.reservationId) },
        keyNames: ['gsi2pk', 'gsi2sk'],
      }
    : action
      ? {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          values: { ':pk': logActionIndex(tenant, action) },
          keyNames: ['gsi1pk', 'gsi1sk'],
        }
      : {
          IndexName: undefined,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          values: { ':pk': keys.tenantPartition(tenant), ':p': `${RESERVATION_ROWS.log}#` },
          keyNames: [] as string[],
        };
  const filters: string[] = [];
  const values: Row = { ...source.values };
  if (q.employeeId) filters.push('actorUserId = :emp'), (values[':emp'] = q.employeeId);
  if (q.reservationId && action) filters.push('#a = :act'), (values[':act'] = action);
  const names = q.reservationId && action ? { '#a': 'action' } : undefined;
  const base: PagedQuery = {
    TableName: tableName(),
    ...(source.IndexName ? { IndexName: source.IndexName } : {}),
    KeyConditionExpression: source.KeyConditionExpression,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ...(names ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
  const keyOf = (i: Row) => Object.fromEntries(['pk', 'sk', ...source.keyNames].map((k) => [k, i[k]]));

  // Where the page starts: a cursor (the last row's keys), else skip (page - 1) x limit rows reading keys only.
  let start: Row | undefined;
  if (q.cursor) {
    const sk = Buffer.from(q.cursor, 'base64url').toString('utf8');
    if (!LOG_SK.test(sk)) throw badRequest('Invalid cursor');
    const got = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: keys.tenantPartition(tenant), sk } }),
    );
    if (!got.Item) throw badRequest('Invalid cursor');
    start = keyOf(got.Item);
  } else if (page > 1) {
    let skip = (page - 1) * limit;
    let last: Row | undefined;
    const keyPages = queryPages(
      {
        ...base,
        ProjectionExpression: ['pk', 'sk', ...source.keyNames, ...(filters.length ? ['actorUserId', '#a'] : [])].join(
          ', ',
        ),
        ...(filters.length ? { ExpressionAttributeNames: { '#a': 'action' } } : {}),
      },
      { limit: () => (filters.length ? 1000 : Math.min(1000, skip)) },
    );
    for await (const items of keyPages) {
      for (const i of items) {
        if (skip === 0) break;
        skip--;
        last = i;
      }
      if (skip === 0) break;
    }
    start = skip > 0 ? undefined : last ? keyOf(last) : undefined;
    if (skip > 0) return logAnswer([], page, limit, await logTotal(tenant, q, base), null, await employees);
  }
  const rows: Row[] = [];
  let next: Row | undefined;
  const pages = queryPageResults(
    { ...base, Limit: filters.length ? Math.max(limit, 200) : limit + 1 },
    { after: start },
  );
  for await (const page of pages) {
    rows.push(...page.items);
    next = page.lastKey;
    if (rows.length > limit) break;
  }
  const pageRows = rows.slice(0, limit);
  const hasMore = rows.length > limit || Boolean(next);
  const nextCursor =
    hasMore && pageRows.length
      ? Buffer.from(String(pageRows[pageRows.length - 1]!.sk), 'utf8').toString('base64url')
      : null;
  return logAnswer(pageRows.map(toLogEntry), page, limit, await logTotal(tenant, q, base), nextCursor, await employees);
}

function logAnswer(
  data: ReservationLogEntry[],
  page: number,
  limit: number,
  total: number,
  nextCursor: string | null,
  employees: { id: string; name: string }[],
) {
  return {
    success: true as const,
    data,
    pagination: {
      page,
      limit,
      total,
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      nextCursor,
    },
    employees,
  };
}

/** From the counters when one filter (or none) is on; a count over the narrow source otherwise. */
async function logTotal(tenant: TenantId, q: LogQuery, base: PagedQuery): Promise<number> {
  const action = q.action || undefined;
  if (!q.reservationId && !(action && q.employeeId)) {
    const c = await counterRow(tenant);
    if (action) return count(c[`log#${action}`]);
    if (q.employeeId) return count(c[`log#emp#${q.employeeId}`]);
    return count(c['log#total']);
  }
  let total = 0;
  for await (const page of queryPageResults({ ...base, Select: 'COUNT' })) total += page.count;
  return total;
}
