import { tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';

/**
 * Customer search without reading every customer (docs/decisions/0119-live-customers.md): each customer
 * owns a few index rows `pk = T#{org}#CSEARCH`, `sk = {term}#{customerId}`, written in the same
 * transaction as the customer. A search is one or two prefix Queries (key ranges) on that partition, so
 * its cost follows the number of matches, not the number of customers.
 *
 * Terms (all lower case, spaces collapsed):
 * - `n:{first last}` and `n:{last first}`: a prefix of the first name, the last name, or the full
 *   name in either order ("ada", "lovel", "ada lov", "lovelace a").
 * - `p:{digits}`: the phone's digits (and without a leading US 1); a prefix of the number ("555",
 *   "5550100", "(555) 010"...) matches.
 * - `p:{last 4}` and `p:{last 7}`: the end of the number ("0199", "5550199").
 * - `e:{email}`: a prefix of the e-mail address ("ada@", "ada.l").
 */
const SEARCH_INDEX = 'CSEARCH';

interface SearchableCustomer {
  id: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
/** '#' separates the term from the id in the sort key; it cannot be part of a term. */
const clean = (s: string) => norm(s).replace(/#/g, '');

export function phoneDigits(phone: string | null | undefined): string {
  const d = (phone ?? '').replace(/\D/g, '');
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
}

export function searchTerms(c: SearchableCustomer): string[] {
  const terms = new Set<string>();
  const first = clean(c.firstName);
  const last = clean(c.lastName);
  if (first || last) {
    terms.add(`n:${`${first} ${last}`.trim()}`);
    terms.add(`n:${`${last} ${first}`.trim()}`);
  }
  const raw = (c.phone ?? '').replace(/\D/g, '');
  const digits = phoneDigits(c.phone);
  if (raw) terms.add(`p:${raw}`);
  if (digits) terms.add(`p:${digits}`);
  if (digits.length > 4) terms.add(`p:${digits.slice(-4)}`);
  if (digits.length > 7) terms.add(`p:${digits.slice(-7)}`);
  const email = clean(c.email ?? '');
  if (email) terms.add(`e:${email}`);
  return [...terms];
}

/** The prefixes a search box text is looked up under (empty: no search). */
export function searchPrefixes(q: string | undefined): string[] {
  const text = clean(q ?? '');
  if (!text) return [];
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s()+.-]+$/.test(text)) {
    if (digits.length < 3) return [`n:${text}`];
    return [`p:${digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits}`];
  }
  if (text.includes('@')) return [`e:${text}`];
  return [`n:${text}`, `e:${text}`];
}

export const searchPartition = (tenant: TenantId) => keys.tenantIndex(tenant, SEARCH_INDEX);

const row = (tenant: TenantId, term: string, customerId: string) => ({
  pk: searchPartition(tenant),
  sk: `${term}#${customerId}`,
});

/** The index rows of a new customer, to add to the transaction that creates it. */
export function customerSearchPuts(tenant: TenantId, c: SearchableCustomer) {
  return searchTerms(c).map((term) => ({
    Put: { TableName: tableName(), Item: { ...row(tenant, term, c.id), customerId: c.id } },
  }));
}

/** The index changes of an edited customer (removed terms deleted, new ones put), for the edit's transaction. */
export function customerSearchChanges(tenant: TenantId, before: SearchableCustomer, after: SearchableCustomer) {
  const old = new Set(searchTerms(before));
  const now = new Set(searchTerms(after));
  return [
    ...[...old]
      .filter((t) => !now.has(t))
      .map((t) => ({ Delete: { TableName: tableName(), Key: row(tenant, t, before.id) } })),
    ...[...now]
      .filter((t) => !old.has(t))
      .map((t) => ({ Put: { TableName: tableName(), Item: { ...row(tenant, t, after.id), customerId: after.id } } })),
  ];
}
