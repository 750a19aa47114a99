/** What other features may use of the app shell. */
export { useAppPath } from './tenantBase.js';
