/** The account setup page's requests, one file each (docs/decisions/0235-web-request-files.md). */
export { useCompleteSetup } from './complete-setup.js';
export { type SetupInvitation, useSetupDetails } from './get-setup-details.js';
