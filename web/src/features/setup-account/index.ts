/** What other features may use of the account setup page. */
export { tokenProblem } from './SetupAccountPage.js';
