/**
 * Customer rows (moved out of functions/services; docs/data-model.md, "Customers"). The reservation
 * that brings a customer writes them in its own transaction through `addCustomerParts`:
 *
 * - `CUSTOMER#{id}`: the customer; gsi1 `T#{org}#CUSTOMERS` / `{createdAt}#{id}` (newest first list);
 *   `reservationCount` kept on write (ADD 1 per reservation, -1 when one is deleted).
 * - `CUSTPHONE#{digits}#{name}` and `CUSTEMAIL#{email}`: exact pointers → customerId, so a returning
 *   customer is found by phone and name, or by e-mail, with one GetItem each (conditional puts: never
 *   two owners). Pointers written before docs/decisions/0012-right-about-money.md are `CUSTPHONE#{digits}` alone; they are still read,
 *   and followed only when the customer's name matches.
 * - the search rows of ./search-index.ts (`T#{org}#CSEARCH`), written with the customer.
 * - `STATS#customers`: `total`, kept on write.
 *
 * The customers area (list, search, details) reads these; only this module and search-index.ts
 * write them.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditedWrite } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { counter, optionalText, type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { customerSearchPuts, searchPartition, searchPrefixes } from './search-index.js';
import { getRow } from '../lib/coalesced-get.js';

const CUSTOMER_ENTITY = 'CUSTOMER';
const PHONE = 'CUSTPHONE';
const EMAIL = 'CUSTEMAIL';
const CUSTOMERS_INDEX = 'CUSTOMERS';

const customerKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, CUSTOMER_ENTITY, id);
const customerStatsKey = (tenant: TenantId): Key => keys.entity(tenant, 'STATS', 'customers');
const phoneKey = (phone: string) => phone.replace(/\D/g, '') || phone.trim().toLowerCase();
const emailKey = (email: string) => email.trim().toLowerCase();
const nameKey = (firstName: string, lastName: string) =>
  `${firstName} ${lastName}`.trim().toLowerCase().replace(/\s+/g, ' ');
const phoneNameKey = (c: Pick<CustomerInput, 'phone' | 'firstName' | 'lastName'>) =>
  `${phoneKey(c.phone)}#${nameKey(c.firstName, c.lastName)}`;

export interface CustomerInput {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  address?: string | null;
}

interface CustomerMatch {
  id: string;
  existing: boolean;
  /** Pointers the existing customer lacks (a new phone or e-mail): added with the booking. */
  missingPointers: ('phone' | 'email')[];
}

interface CustomerRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  address: string | null;
  reservationCount: number;
  /** Reservations marked no-show (R-RES-12), kept on write: ADD 1 with the no-show, -1 with its restore. */
  noShowCount: number;
  source?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The tenant's customer who is this person, else a new id (docs/decisions/0012-right-about-money.md): the same e-mail,
 * or else the same phone and name (a person may book with a second address). Never the phone alone: a family or a front
 * desk shares one number between people with different names.
 */
export async function matchCustomer(
  tenant: TenantId,
  c: Pick<CustomerInput, 'phone' | 'email' | 'firstName' | 'lastName'>,
): Promise<CustomerMatch> {
  // One request for the three pointers (and whatever else this tick reads): lib/coalesced-get.ts.
  const get = async (sk: string, id: string) => ({
    Item: await getRow(keys.entity(tenant, sk, id), { consistent: true }),
  });
  const email = c.email?.trim() || null;
  const [byPhoneName, legacyPhone, byEmail] = await Promise.all([
    get(PHONE, phoneNameKey(c)),
    get(PHONE, phoneKey(c.phone)),
    email ? get(EMAIL, emailKey(email)) : Promise.resolve({ Item: undefined }),
  ]);
  const wanted: ('phone' | 'email')[] = [];
  if (!byPhoneName.Item) wanted.push('phone');
  if (email && !byEmail.Item) wanted.push('email');
  if (byEmail.Item) return { id: String(byEmail.Item.customerId), existing: true, missingPointers: wanted };

  const candidateId = (byPhoneName.Item?.customerId ?? legacyPhone.Item?.customerId) as string | undefined;
  const candidate = candidateId ? await getCustomerRow(tenant, candidateId) : null;
  const samePerson =
    candidate !== null && nameKey(candidate.firstName, candidate.lastName) === nameKey(c.firstName, c.lastName);
  if (samePerson) return { id: candidate.id, existing: true, missingPointers: wanted };
  // Another person: a phone-and-name pointer already owned by someone else stays theirs.
  return { id: randomUUID(), existing: false, missingPointers: wanted };
}

/** A customer row as written by `addCustomerParts` (reservationCount kept by ADD). */
const customerRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: optionalText(),
  address: optionalText(),
  reservationCount: counter(),
  noShowCount: counter(),
  source: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const parseCustomerRow: RowParser<CustomerRow> = rowParser('customer', customerRow);

async function getCustomerRow(tenant: TenantId, id: string): Promise<CustomerRow | null> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: customerKey(tenant, id) }));
  return res.Item ? parseCustomerRow(res.Item) : null;
}

/**
 * A deleted reservation leaves its customer's count ('customer-count' part). Read first: a customer
 * row that is gone, or a count already at 0 (rows from before docs/decisions/0012-right-about-money.md), must not block the delete;
 * the condition only keeps the ADD from creating a stub row.
 */
export async function removeCustomerReservation(
  w: AuditedWrite,
  tenant: TenantId,
  customerId: string,
  now: string,
): Promise<void> {
  const row = await getCustomerRow(tenant, customerId);
  if (!row || !(Number(row.reservationCount) > 0)) return;
  w.update('customer-count', customerKey(tenant, customerId), {
    update: 'ADD reservationCount :minus SET updatedAt = :now',
    condition: 'attribute_exists(pk)',
    values: { ':minus': -1, ':now': now },
  });
}

/**
 * A no-show (+1) or its undoing by restore (-1) on the customer's `noShowCount` ('customer-no-show'
 * part; docs/requirements/reservations.md R-RES-12). Read first, as `removeCustomerReservation`: a
 * customer row that is gone must not block the write, and a count never goes below 0.
 */
export async function customerNoShowParts(
  w: AuditedWrite,
  tenant: TenantId,
  customerId: string,
  delta: 1 | -1,
  now: string,
): Promise<void> {
  const row = await getCustomerRow(tenant, customerId);
  if (!row || (delta < 0 && !(row.noShowCount > 0))) return;
  w.update('customer-no-show', customerKey(tenant, customerId), {
    update: 'ADD noShowCount :d SET updatedAt = :now',
    condition: 'attribute_exists(pk)',
    values: { ':d': delta, ':now': now },
  });
}

/**
 * Adds the customer's part of a booking to `w`: a new customer (row, pointers, search rows, counter)
 * or one more reservation on an existing one. Part names: 'customer', 'customer-phone',
 * 'customer-email' (a failed pointer means another booking created this customer meanwhile: retry).
 */
export function addCustomerParts(
  w: AuditedWrite,
  tenant: TenantId,
  match: CustomerMatch,
  c: CustomerInput,
  now: string,
  source: string,
): void {
  const email = c.email?.trim() || null;
  if (match.existing) {
    w.update('customer', customerKey(tenant, match.id), {
      update: 'ADD reservationCount :one SET updatedAt = :now',
      condition: 'attribute_exists(pk)',
      values: { ':one': 1, ':now': now },
    });
  } else {
    const row: CustomerRow = {
      id: match.id,
      firstName: c.firstName.trim(),
      lastName: c.lastName.trim(),
      phone: c.phone.trim(),
      email,
      address: c.address?.trim() || null,
      reservationCount: 1,
      noShowCount: 0,
      source,
      createdAt: now,
      updatedAt: now,
    };
    w.put(
      'customer',
      {
        ...customerKey(tenant, match.id),
        gsi1pk: keys.tenantIndex(tenant, CUSTOMERS_INDEX),
        gsi1sk: `${now}#${match.id}`,
        ...row,
      },
      { condition: 'attribute_not_exists(pk)' },
    );
    customerSearchPuts(tenant, {
      id: match.id,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      email,
    }).forEach((p, i) => w.part(`customer-search#${i}`, p));
    w.count(customerStatsKey(tenant), { total: 1 });
  }
  for (const kind of match.missingPointers) {
    const value = kind === 'phone' ? c.phone : email;
    if (!value) continue;
    w.put(
      `customer-${kind}`,
      {
        ...keys.entity(tenant, kind === 'phone' ? PHONE : EMAIL, kind === 'phone' ? phoneNameKey(c) : emailKey(value)),
        customerId: match.id,
        createdAt: now,
      },
      { condition: 'attribute_not_exists(pk)' },
    );
  }
}

/**
 * Ids of customers whose name or phone starts with the words of `text` (e-mail terms left out), in
 * index order, reading at most `limit` search rows per word: other areas' searches by customer.
 */
export async function customerIdsMatching(tenant: TenantId, text: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (const prefix of searchPrefixes(text).filter((p) => !p.startsWith('e:'))) {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': searchPartition(tenant), ':p': prefix },
        ProjectionExpression: 'customerId',
        Limit: limit,
      }),
    );
    for (const i of res.Items ?? []) if (!ids.includes(String(i.customerId))) ids.push(String(i.customerId));
  }
  return ids;
}
