/**
 * The store settings area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts`
 * holds a read and its SWR hook, `update-*.ts` a write. The saves answer the saved state, which each
 * page writes into its own cache entry instead of reading it again. `permissions.ts` holds the
 * signed-in person's permissions (useCan), which other features use through ../index.ts.
 */
export { useContact } from './get-contact.js';
export { type HoursData, useHours } from './get-hours.js';
export { type PermissionLog, usePermissionLogs } from './get-permission-logs.js';
export { usePolicy } from './get-policy.js';
export { getTax } from './get-tax.js';
export { useBranding } from './get-branding.js';
export { useGeneral } from './get-general.js';
export { usePayments } from './get-payments.js';
export { useTerms } from './get-terms.js';
export { BRANDING, CONTACT, GENERAL, HOURS, PAYMENTS, POLICY, POLICY_LOGS, TERMS } from './keys.js';
export { updateBranding } from './update-branding.js';
export { updateContact } from './update-contact.js';
export { updateGeneral } from './update-general.js';
export { updatePayments } from './update-payments.js';
export { updateTerms } from './update-terms.js';
export { updateHours } from './update-hours.js';
export { updatePolicy } from './update-policy.js';
export { updateTax } from './update-tax.js';
