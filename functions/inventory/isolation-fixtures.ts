import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import type { AuthClaims } from '../lib/tokens.js';
import type { TestSession } from '../testing/fixtures.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { bulkCreate } from './bulk-create.js';
import { createLocation, createProductType, createVariant } from './catalogue.js';
import { createItem } from './items.js';

const actorOf = (owner: TestSession): AuthClaims => ({
  userId: owner.userId,
  username: `${owner.userId}@test.example`,
  role: 'BUSINESS_ADMIN',
  accessLevel: 'EMPLOYEE',
  tenantId: owner.tenant,
});
const unique = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

async function ownedType(owner: TestSession) {
  return createProductType(owner.tenant, actorOf(owner), {
    name: unique('Kayak'),
    category: 'Boats',
    rates: [{ rate: 10, rateType: 'hourly' }],
  });
}
async function ownedItem(owner: TestSession) {
  const type = await ownedType(owner);
  const item = await createItem(owner.tenant, actorOf(owner), { productTypeId: type.id, itemNumber: unique('KY') });
  return { type, item };
}

/** Tenant A's inventory, called by tenant B (must be refused or show nothing of A's), and by A. */
export const inventoryIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'inventory.statsOverview': async (owner) => {
    await ownedItem(owner);
    return { secrets: [] };
  },
  'inventory.listLocations': async (owner) => {
    const { location } = await createLocation(owner.tenant, { name: unique('Dock') });
    return { secrets: [location.id, location.name] };
  },
  'inventory.createLocation': async () => ({ body: { name: unique('Shed') }, secrets: [] }),
  'inventory.listProductTypes': async (owner) => {
    const type = await ownedType(owner);
    return { secrets: [type.id, type.name] };
  },
  'inventory.listItems': async (owner) => {
    const { item } = await ownedItem(owner);
    return { query: { limit: '1000' }, secrets: [item.id, item.itemNumber] };
  },
  'inventory.createProductType': async () => ({ body: { name: unique('Cart'), category: 'Carts' }, secrets: [] }),
  'inventory.updateProductType': async (owner) => {
    const type = await ownedType(owner);
    return { params: { id: type.id }, body: { name: 'Renamed', category: 'Boats' }, secrets: [type.name] };
  },
  'inventory.deleteProductType': async (owner) => {
    const type = await ownedType(owner);
    return { params: { id: type.id }, secrets: [] };
  },
  'inventory.listVariants': async (owner) => {
    const type = await ownedType(owner);
    const variant = await createVariant(owner.tenant, actorOf(owner), type.id, { name: unique('Tandem') });
    return { params: { id: type.id }, secrets: [variant.id, variant.name] };
  },
  'inventory.createVariant': async (owner) => {
    const type = await ownedType(owner);
    return { params: { id: type.id }, body: { name: 'Single' }, secrets: [type.name] };
  },
  'inventory.updateVariant': async (owner) => {
    const type = await ownedType(owner);
    const variant = await createVariant(owner.tenant, actorOf(owner), type.id, { name: unique('Tandem') });
    return { params: { id: variant.id }, body: { name: 'Renamed' }, secrets: [variant.name, type.name] };
  },
  'inventory.deleteVariant': async (owner) => {
    const type = await ownedType(owner);
    const variant = await createVariant(owner.tenant, actorOf(owner), type.id, { name: unique('Tandem') });
    return { params: { id: variant.id }, secrets: [] };
  },
  // B naming A's product type: B's tenant has no such type, so nothing is created anywhere.
  'inventory.createItem': async (owner) => {
    const type = await ownedType(owner);
    return { body: { productTypeId: type.id, itemNumber: unique('NEW') }, secrets: [type.name] };
  },
  'inventory.updateItem': async (owner) => {
    const { type, item } = await ownedItem(owner);
    return {
      params: { id: item.id },
      body: { productTypeId: type.id, itemNumber: unique('REN') },
      secrets: [item.itemNumber, type.name],
    };
  },
  'inventory.deleteItem': async (owner) => {
    const { item } = await ownedItem(owner);
    return { params: { id: item.id }, secrets: [] };
  },
  'inventory.changeItemStatus': async (owner) => {
    const { item } = await ownedItem(owner);
    return { params: { id: item.id }, body: { status: 'MAINTENANCE' }, secrets: [item.itemNumber] };
  },
  'inventory.generateIds': async (owner) => {
    const type = await ownedType(owner);
    return { body: { productTypeId: type.id, quantity: 3 }, secrets: [type.name] };
  },
  'inventory.bulkCreate': async (owner) => {
    const type = await ownedType(owner);
    return {
      body: { productTypeId: type.id, items: [{ itemId: unique('B1') }, { itemId: unique('B2') }] },
      secrets: [type.name],
    };
  },
  'inventory.bulkDelete': async (owner) => {
    const type = await ownedType(owner);
    const rows = await bulkCreate(owner.tenant, actorOf(owner), {
      productTypeId: type.id,
      items: [{ itemId: unique('D1') }, { itemId: unique('D2') }],
    });
    return { body: { itemIds: rows.map((r) => r.id) }, secrets: rows.map((r) => r.itemNumber) };
  },
  'inventory.activityLog': async (owner) => {
    const { item } = await ownedItem(owner);
    return { query: { limit: '100' }, secrets: [item.itemNumber] };
  },
};
