import { newTenant, post } from './helpers.js';
import type { BenchCase, BenchContext, BenchMeasure, CaseResult } from './types.js';

/** A tenant holding `items` inventory items, made once per size. */
const inventoryTenants = new Map<number, Promise<string>>();
function inventoryTenant(ctx: BenchContext, items: number): Promise<string> {
  let made = inventoryTenants.get(items);
  if (!made) {
    made = (async () => {
      const owner = await newTenant(ctx, String(items));
      const type = await post<{ id: string }>(
        `${ctx.url}/api/inventory/product-types`,
        { name: 'Golf Cart', category: 'Carts' },
        owner,
      );
      for (let start = 0; start < items; start += 100) {
        const batch = Array.from({ length: Math.min(100, items - start) }, (_, i) => ({
          itemId: `GC-${String(start + i + 1).padStart(5, '0')}`,
        }));
        await post(`${ctx.url}/api/inventory/bulk/create`, { productTypeId: type.id, items: batch }, owner);
      }
      return owner;
    })();
    inventoryTenants.set(items, made);
  }
  return made;
}

export const cases: BenchCase[] = [
  {
    name: 'inventoryItemsPage5000',
    description: 'GET /api/inventory/items (first page of 25) for a tenant with 5,000 items',
    request: async (ctx) => ({
      url: `${ctx.url}/api/inventory/items?limit=25`,
      method: 'GET',
      headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` },
    }),
  },
  {
    name: 'inventoryItemsLoad5000',
    description:
      'GET /api/inventory/items?limit=1000 (one of the pages the inventory page loads) for a tenant with 5,000 items',
    request: async (ctx) => ({
      url: `${ctx.url}/api/inventory/items?limit=1000`,
      method: 'GET',
      headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` },
    }),
  },
  {
    name: 'inventoryStats100',
    description: 'GET /api/inventory/items/stats/overview for a tenant with 100 items',
    request: async (ctx) => ({
      url: `${ctx.url}/api/inventory/items/stats/overview`,
      method: 'GET',
      headers: { authorization: `Bearer ${await inventoryTenant(ctx, 100)}` },
    }),
  },
  {
    name: 'inventoryStats5000',
    description:
      'GET /api/inventory/items/stats/overview for a tenant with 5,000 items (counters: should match the 100-item case)',
    request: async (ctx) => ({
      url: `${ctx.url}/api/inventory/items/stats/overview`,
      method: 'GET',
      headers: { authorization: `Bearer ${await inventoryTenant(ctx, 5000)}` },
    }),
  },
];

export const measures: BenchMeasure[] = [
  {
    name: 'inventoryStatsP50Ratio5000to100',
    description: 'p50 of the 5,000-item stats case over the 100-item one (kept on write: about 1)',
    needsRuntime: true,
    measure: async (_ctx, results) => {
      const small = results.inventoryStats100 as CaseResult | undefined;
      const large = results.inventoryStats5000 as CaseResult | undefined;
      return small && large ? Math.round((large.p50 / Math.max(small.p50, 0.001)) * 100) / 100 : undefined;
    },
  },
];
