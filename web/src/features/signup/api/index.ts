/** The sign-up page's requests, one file each (docs/decisions/0235-web-request-files.md). */
export { checkSubdomain, type SubdomainAnswer } from './check-subdomain.js';
export { useCompleteSignup } from './complete-signup.js';
export { useSignupInvitation, type ValidateAnswer } from './get-signup-invitation.js';
