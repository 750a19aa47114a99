/** The account setup page's requests, one file each (docs/decisions/0235-web-request-files.md). */
export { type CompleteSetupBody, completeSetup, useCompleteSetup } from './complete-setup.js';
export { getSetupDetails, type SetupInvitation, useSetupDetails } from './get-setup-details.js';
