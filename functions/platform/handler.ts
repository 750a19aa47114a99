import { createAreaHandler } from '../lib/pipeline.js';
import { createOp, listOp, resendOp, revokeOp } from './invitations.js';

/** The platform portal (SUPER_ADMIN only; the pipeline refuses everyone else with 403). */
export const handler = createAreaHandler('platform', {
  'platform.listInvitations': async () => listOp(),
  'platform.createInvitation': async ({ body, auth }) => createOp(body, auth.userId),
  'platform.resendInvitation': async ({ params }) => resendOp(params.id),
  'platform.revokeInvitation': async ({ params }) => revokeOp(params.id),
});
