/** The e-mail confirmation page's request (docs/decisions/web-request-files.md). */
export { confirmEmailChange, useConfirmEmailChange } from './confirm-email-change.js';
