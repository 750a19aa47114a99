import type { Capability, Permission } from '../domain/permissions.js';
import type { RouteId } from './index.js';

/** What a route asks of the caller: the role capability and the matrix cell its contract entry names. */
export interface RouteNeed {
  capability?: Capability;
  permission?: Permission;
}

/**
 * The needs of the routes behind the SPA's action controls, copied from their contract entries so
 * that the first-loaded client does not carry the contract (docs/decisions/0214-first-load-the-client-reads-a-route-table.md).
 * A control is shown exactly when `mayUse` (shared/domain/roles.ts), the API's authorise rule, grants
 * its route (R-RES-13, docs/decisions/0267-controls-follow-permissions.md); route-needs.test.ts fails when
 * an entry differs from the contract.
 */
export const ROUTE_NEEDS = {
  'reservations.createItem': { permission: 'reservations.create' },
  'reservations.createService': { permission: 'serviceBookings.process' },
  'reservations.processReturn': { capability: 'processReturns', permission: 'reservations.processReturn' },
  'reservations.cancel': { permission: 'reservations.cancel' },
  'reservations.noShow': { permission: 'reservations.cancel' },
  'reservations.reprocess': { capability: 'processReturns', permission: 'reservations.reprocess' },
  'reservations.restore': { capability: 'processReturns', permission: 'reservations.edit' },
  'reservations.delete': { capability: 'processReturns', permission: 'reservations.edit' },
  'services.create': { capability: 'manageInventory', permission: 'services.create' },
  'services.update': { capability: 'manageInventory', permission: 'services.edit' },
  'services.delete': { capability: 'manageInventory', permission: 'services.delete' },
  'users.invite': { capability: 'manageUsers' },
  'users.update': { capability: 'viewEmployees', permission: 'userManagement.manageRoles' },
  'users.resendInvite': { capability: 'manageUsers' },
  'users.deactivate': { capability: 'manageUsers' },
  'users.delete': { capability: 'manageUsers' },
  'settings.getTax': { capability: 'isAdmin' },
  'settings.updateTax': { capability: 'isAdmin' },
  'settings.getPermissions': { capability: 'viewSettings', permission: 'userManagement.manageRoles' },
  'settings.updateContact': { capability: 'viewSettings', permission: 'systemSettings.configureSystem' },
  'settings.listApiKeys': { capability: 'isAdmin' },
  'settings.createApiKey': { capability: 'isAdmin' },
  'settings.revokeApiKey': { capability: 'isAdmin' },
  'settings.listWebhooks': { capability: 'isAdmin' },
  'settings.createWebhook': { capability: 'isAdmin' },
} as const satisfies Partial<Record<RouteId, RouteNeed>>;

/** A route whose control the SPA shows only to those who may call it. */
export type GatedRoute = keyof typeof ROUTE_NEEDS;
