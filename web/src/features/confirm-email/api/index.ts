/** The e-mail confirmation page's request (docs/decisions/0235-web-request-files.md). */
export { useConfirmEmailChange } from './confirm-email-change.js';
