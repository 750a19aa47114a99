/** What other features may use of the app shell. */
export { TenantBaseContext, useAppPath } from './tenantBase.js';
