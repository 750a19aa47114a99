/** What other features may use of the sign-in area. */
export { AuthLayout } from './AuthLayout.js';
