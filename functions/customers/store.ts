import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerReservationView, CustomerView } from '../../shared/contract/customer-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { batchGetAll, db, queryPages, sortKeyPrefixRange, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { parseReservationRow } from '../reservation-rows/entity.js';
import { parseCustomerRow } from './entity.js';
import { searchPartition, searchPrefixes } from './search-index.js';

/** Rows this area reads (written with the reservation that creates the customer: docs/data-model.md, "Customers"). */
const CUSTOMER = 'CUSTOMER';
const CUSTOMERS_INDEX = 'CUSTOMERS';
/** A search stops collecting matches here: the count then reads "500" and the pages cover those. */
const MAX_SEARCH_MATCHES = 500;
/** The View Details dialog shows the newest reservations of a customer, at most this many. */
const MAX_DETAIL_RESERVATIONS = 100;

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

function toCustomerView(item: Row): CustomerView {
  const r = parseCustomerRow(item);
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    // A blank address or e-mail is none (the staff form may send spaces).
    email: r.email?.trim() ? r.email : null,
    address: r.address?.trim() ? r.address : null,
    reservationCount: r.reservationCount,
    noShowCount: r.noShowCount,
    createdAt: r.createdAt,
  };
}

/** A reservation line of the View Details dialog, from the stored row (reservation-rows/entity.ts parses it). */
function toCustomerReservation(item: Row): CustomerReservationView {
  const r = parseReservationRow(item);
  const itemName = r.kind === 'SERVICE' ? (r.service?.name ?? '') : (r.inventoryItem?.name ?? '');
  return {
    id: r.id,
    reservationNumber: r.reservationNumber,
    status: r.status,
    kind: r.kind,
    itemName,
    startTime: r.startTime,
    reservationDuration: r.reservationDuration,
    totalAmount: fromCents(r.totalAmountCents ?? 0),
    overageAmount: fromCents(r.overageAmountCents ?? 0),
  };
}

async function customersByIds(tenant: TenantId, ids: string[]): Promise<CustomerView[]> {
  if (!ids.length) return [];
  const found = new Map<string, Row>();
  for (const item of await batchGetAll(ids.map((id) => ({ ...keys.entity(tenant, CUSTOMER, id) }))))
    found.set(str(item.id), item);
  return ids.flatMap((id) => (found.has(id) ? [toCustomerView(found.get(id)!)] : []));
}

export async function customerTotal(tenant: TenantId): Promise<number> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'STATS', 'customers') }),
  );
  return Math.max(0, Math.trunc(num(res.Item?.total)));
}

/** Ids of customers matching a search, in index order, at most MAX_SEARCH_MATCHES; reads only matching index rows. */
async function searchCustomerIds(tenant: TenantId, search: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const prefix of searchPrefixes(search)) {
    for await (const page of queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': searchPartition(tenant), ...sortKeyPrefixRange(prefix) },
      ProjectionExpression: 'customerId',
      Limit: MAX_SEARCH_MATCHES,
    })) {
      for (const item of page) {
        ids.add(str(item.customerId));
        if (ids.size >= MAX_SEARCH_MATCHES) return [...ids];
      }
    }
  }
  return [...ids];
}

/**
 * A page of customers. Without a search: newest first from the customers index, the total from
 * the counter kept on write. With one: the matching ids from the search index, then one BatchGet
 * for the page.
 */
export async function listCustomers(tenant: TenantId, opts: { page: number; limit: number; search?: string }) {
  const { page, limit } = opts;
  if (opts.search?.trim()) {
    const ids = await searchCustomerIds(tenant, opts.search);
    const customers = await customersByIds(tenant, ids.slice((page - 1) * limit, page * limit));
    return { customers, total: ids.length };
  }
  const [total, customers] = await Promise.all([
    customerTotal(tenant),
    newestCustomers(tenant, (page - 1) * limit, limit),
  ]);
  return { customers, total };
}

/**
 * Newest first; a page further down reads the pages before it (20 rows each), see
 * docs/decisions/0119-live-customers.md.
 */
async function newestCustomers(tenant: TenantId, skip: number, limit: number): Promise<CustomerView[]> {
  const out: CustomerView[] = [];
  let toSkip = skip;
  const pages = queryPages(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.tenantIndex(tenant, CUSTOMERS_INDEX) },
      ScanIndexForward: false,
    },
    // Only the rows still to skip or show: the last page asks for no more than it keeps.
    { limit: () => Math.min(1000, toSkip + limit - out.length) },
  );
  for await (const page of pages) {
    for (const item of page) {
      if (toSkip > 0) toSkip--;
      else if (out.length < limit) out.push(toCustomerView(item));
    }
    if (out.length >= limit) break;
  }
  return out;
}

export async function getCustomer(tenant: TenantId, id: string) {
  const [row, res] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, CUSTOMER, id) })),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.tenantIndex(tenant, `CUSTRES#${id}`) },
        ScanIndexForward: false,
        Limit: MAX_DETAIL_RESERVATIONS,
      }),
    ),
  ]);
  if (!row.Item) return null;
  const reservations = (res.Items ?? [])
    .filter((r) => String(r.sk ?? '').startsWith('RESERVATION#') && !r.deletedAt)
    .map(toCustomerReservation);
  return { ...toCustomerView(row.Item), reservations };
}
