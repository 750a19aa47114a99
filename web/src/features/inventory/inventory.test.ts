import { describe, expect, it } from 'vitest';
import { maxLengthOf } from '../../components/form.js';
import type { InventoryItem, ItemPage, ProductVariant } from '../../../../shared/contract/inventory-models.js';
import {
  bulkQuantityNote,
  DEFAULT_SORT,
  filterItems,
  loadAllItems,
  NO_FILTERS,
  pageCount,
  pageOf,
  rateText,
  shortId,
  sortItems,
  statusCounts,
  statusDropdown,
  statusFromQuery,
  toggleSort,
} from './itemRules.js';
import {
  keptRates,
  productTypeBody,
  productTypeFormSchema,
  variantOps,
  type ProductTypeFormState,
} from './productTypeForm.js';

const item = (n: string, over: Partial<InventoryItem> = {}): InventoryItem => ({
  id: `00000000-0000-4000-8000-0000000000${n.slice(-2).padStart(2, '0')}`,
  itemNumber: n,
  serialNumber: null,
  productTypeId: 't1',
  productType: { id: 't1', name: 'Golf Cart', category: 'Carts' },
  productVariantId: null,
  productVariant: null,
  condition: 'GOOD',
  location: null,
  notes: null,
  status: 'AVAILABLE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('loading every item through the cursor', () => {
  it('follows nextCursor until the last page and keeps the order', async () => {
    const pages: Record<string, ItemPage> = {
      start: { items: [item('A-1'), item('A-2')], nextCursor: 'c1' },
      c1: { items: [item('A-3')], nextCursor: 'c2' },
      c2: { items: [], nextCursor: null },
    };
    const asked: (string | undefined)[] = [];
    const all = await loadAllItems(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'start']!;
    });
    expect(all.map((i) => i.itemNumber)).toEqual(['A-1', 'A-2', 'A-3']);
    expect(asked).toEqual([undefined, 'c1', 'c2']);
  });
});

describe('filters, counts, sorting and pages', () => {
  const items = [
    item('GC-10', { location: 'Barn', notes: 'new tyres' }),
    item('GC-2', { status: 'MAINTENANCE', serialNumber: 'SN-77' }),
    item('K-1', {
      productTypeId: 't2',
      productType: { id: 't2', name: 'Kayak', category: 'Boats' },
      location: 'Dock',
      status: 'DAMAGED',
    }),
  ];

  it('searches item number, serial, type name, location and notes, case-insensitively', () => {
    const hits = (search: string) => filterItems(items, { ...NO_FILTERS, search }).map((i) => i.itemNumber);
    expect(hits('sn-77')).toEqual(['GC-2']);
    expect(hits('kayak')).toEqual(['K-1']);
    expect(hits('barn')).toEqual(['GC-10']);
    expect(hits('TYRES')).toEqual(['GC-10']);
    expect(hits('nothing')).toEqual([]);
  });

  it('counts each status chip under the other filters, ignoring the chip itself', () => {
    const f = { ...NO_FILTERS, typeId: 't1', status: 'MAINTENANCE' as const };
    expect(filterItems(items, f).map((i) => i.itemNumber)).toEqual(['GC-2']);
    expect(statusCounts(items, f)).toMatchObject({ ALL: 2, AVAILABLE: 1, MAINTENANCE: 1, DAMAGED: 0 });
  });

  it('applies the column filters by type and location', () => {
    expect(filterItems(items, { ...NO_FILTERS, columnLocation: 'Dock' }).map((i) => i.itemNumber)).toEqual(['K-1']);
    expect(filterItems(items, { ...NO_FILTERS, columnType: 't2', columnLocation: 'Barn' })).toEqual([]);
  });

  it('sorts by item number ascending by default, numbers naturally, and toggles direction', () => {
    expect(sortItems(items, DEFAULT_SORT).map((i) => i.itemNumber)).toEqual(['GC-2', 'GC-10', 'K-1']);
    const desc = toggleSort(DEFAULT_SORT, 'itemNumber');
    expect(desc).toEqual({ key: 'itemNumber', dir: 'desc' });
    expect(sortItems(items, desc).map((i) => i.itemNumber)).toEqual(['K-1', 'GC-10', 'GC-2']);
    expect(toggleSort(desc, 'status')).toEqual({ key: 'status', dir: 'asc' });
    expect(sortItems(items, { key: 'status', dir: 'asc' }).map((i) => i.status)).toEqual([
      'AVAILABLE',
      'DAMAGED',
      'MAINTENANCE',
    ]);
  });

  it('sorts the ID column by the 8 characters it shows, not the hidden full id (docs/decisions/0024-words-and-states.md)', () => {
    const byId = [
      { ...items[0]!, id: 'aaaa-zzzzzzz2', itemNumber: 'A' },
      { ...items[0]!, id: 'bbbb-zzzzzzz1', itemNumber: 'B' },
    ];
    expect(sortItems(byId, { key: 'id', dir: 'asc' }).map((i) => i.itemNumber)).toEqual(['B', 'A']);
  });

  it('pages by 25 and shows the last 8 characters of ids', () => {
    const many = Array.from({ length: 51 }, (_, i) => i);
    expect(pageCount(many.length)).toBe(3);
    expect(pageOf(many, 3)).toEqual([50]);
    expect(pageCount(0)).toBe(1);
    expect(shortId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('7728950e');
  });

  it('reads the dashboard link ?status=out-of-service as a chip', () => {
    expect(statusFromQuery('out-of-service')).toBe('OUT_OF_SERVICE');
    expect(statusFromQuery('available')).toBe('AVAILABLE');
    expect(statusFromQuery('bogus')).toBeNull();
    expect(statusFromQuery(null)).toBeNull();
  });

  it('writes rates as "$amount per type"', () => {
    expect(rateText({ rate: 25, rateType: 'hourly' })).toBe('$25.00 per hour');
    expect(rateText({ rate: 99.5, rateType: 'flat_rate' })).toBe('$99.50 per flat rate');
  });
});

describe('the status dropdown and the bulk quantity', () => {
  it('offers the four settable statuses, and IN_USE only while current, with the dropdown disabled', () => {
    expect(statusDropdown('MAINTENANCE')).toEqual({
      options: ['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'],
      disabled: false,
    });
    expect(statusDropdown('AVAILABLE').options).not.toContain('IN_USE');
    expect(statusDropdown('IN_USE')).toEqual({
      options: ['IN_USE', 'AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'],
      disabled: true,
    });
  });

  it('says "Maximum 100 items per batch" outside 1-100 and nothing inside or while empty', () => {
    expect(['150', '101', '0', '-3'].map(bulkQuantityNote)).toEqual(Array(4).fill('Maximum 100 items per batch'));
    expect(['1', '100', '10', ''].map(bulkQuantityNote)).toEqual(['', '', '', '']);
  });
});

describe('the product type form', () => {
  const form = (over: Partial<ProductTypeFormState> = {}): ProductTypeFormState => ({
    name: 'Kayak',
    category: 'Boats',
    description: '',
    rates: [],
    variants: [],
    ...over,
  });

  // The form's messages are the contract's (one source), keyed by field path.
  const problems = (f: ProductTypeFormState) => {
    const r = productTypeFormSchema.safeParse(f);
    return Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [i.path.join('.'), i.message]));
  };

  it('requires name and category, refuses negative and sub-cent amounts, and skips blank rates', () => {
    expect(problems(form({ name: ' ', category: '' }))).toEqual({
      name: 'Name is required',
      category: 'Category is required',
    });
    expect(problems(form({ rates: [{ rate: '-1', rateType: 'daily' }] }))).toEqual({
      'rates.0.rate': 'Rate must be 0 or more',
    });
    expect(
      problems(
        form({
          rates: [
            { rate: '1.005', rateType: 'daily' },
            { rate: '2000000', rateType: 'daily' },
          ],
        }),
      ),
    ).toEqual({
      'rates.0.rate': 'Rate must be in steps of 0.01',
      'rates.1.rate': 'Rate must be at most 1,000,000.00',
    });
    expect(
      problems(
        form({
          rates: [
            { rate: '', rateType: 'daily' },
            { rate: '25', rateType: 'hourly' },
          ],
        }),
      ),
    ).toEqual({});
    expect(maxLengthOf(productTypeFormSchema, 'name')).toBe(120);
  });

  it('keeps only rate rows with both an amount and a type, and derives the default hourly and daily rates', () => {
    const rates = [
      { rate: '25', rateType: 'hourly' as const },
      { rate: '', rateType: 'daily' as const },
      { rate: '100', rateType: '' as const },
      { rate: '120', rateType: 'daily' as const },
    ];
    expect(keptRates(rates)).toEqual([
      { rate: 25, rateType: 'hourly' },
      { rate: 120, rateType: 'daily' },
    ]);
    expect(productTypeBody(form({ rates }))).toMatchObject({
      defaultHourlyRate: 25,
      defaultDailyRate: 120,
      description: null,
    });
  });

  it('creates new variants, updates changed ones, deletes removed ones and skips blank names', () => {
    const before: ProductVariant[] = [
      { id: 'v1', productTypeId: 't', name: 'Single', description: null, hourlyRate: 10, dailyRate: null, rates: [] },
      { id: 'v2', productTypeId: 't', name: 'Tandem', description: null, hourlyRate: null, dailyRate: null, rates: [] },
      { id: 'v3', productTypeId: 't', name: 'Family', description: null, hourlyRate: null, dailyRate: null, rates: [] },
    ];
    const ops = variantOps(before, [
      { id: 'v1', name: 'Single', description: '', hourlyRate: '10', dailyRate: '' },
      { id: 'v2', name: 'Tandem XL', description: '', hourlyRate: '', dailyRate: '' },
      { name: '   ', description: '', hourlyRate: '', dailyRate: '' },
      { name: 'Kids', description: '', hourlyRate: '5', dailyRate: '' },
    ]);
    expect(ops.map((o) => `${o.kind}:${o.kind === 'delete' ? o.name : o.variant.name}`)).toEqual([
      'update:Tandem XL',
      'create:Kids',
      'delete:Family',
    ]);
  });
});
