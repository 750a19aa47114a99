import { multipart } from '../lib/middlewares/multipart.js';
import { createAreaHandler, reply } from '../lib/pipeline.js';
import { MULTIPART_MAX_BYTES } from './document-limits.js';
import { changeableEmployee } from './employee-view.js';
import * as emp from './employees.js';
import { createJobRole, listJobRoles } from './job-roles.js';

/** Account set-up (public, once per person) and edits: loaded on first use (users' cold start within 350 KB). */
const setup = () => import('./account-setup.js');
const update = () => import('./employee-update.js');
/** Inviting, resending, deactivating and deleting accounts: an administrator's occasional actions. */
const accounts = () => import('./employee-accounts.js');
/** Employee documents: a few requests on the employee page, loaded on first use (users' cold start within 350 KB). */
const docs = () => import('./documents.js');
/** E-mail changes waiting for confirmation (R-EMP-9): rare, loaded on first use. */
const emailChange = () => import('./email-change.js');
/** Employee pictures: rarer still, loaded on first use like the documents. */
const picture = () => import('./picture.js');

/** Lambda entry of the users area: employees, account setup, job roles and employee documents (document 3). */
export const handler = createAreaHandler(
  'users',
  {
    'users.list': async ({ tenant }) => emp.listOp(tenant),
    'users.get': async ({ tenant, params }) => emp.getOp(tenant, params.id),
    'users.update': async ({ tenant, auth, params, body }) => (await update()).updateOp(tenant, auth, params.id, body),
    'users.invite': async ({ tenant, auth, body }) => {
      const r = await (await accounts()).inviteOp(tenant, auth, body);
      return reply(r.statusCode, r.body);
    },
    'users.resendInvite': async ({ tenant, auth, params }) => (await accounts()).resendOp(tenant, auth, params.id),
    'users.deactivate': async ({ tenant, auth, params }) => (await accounts()).deactivateOp(tenant, auth, params.id),
    'users.delete': async ({ tenant, auth, params }) => (await accounts()).deleteOp(tenant, auth, params.id),
    'users.completeSignup': async ({ body }) => (await setup()).completeSignupOp(body),
    'users.setupDetails': async ({ query }) => (await setup()).setupDetailsOp(query.token),
    'users.resendEmailChange': async ({ tenant, auth, params }) =>
      (await emailChange()).resendEmailChangeOp(tenant, auth, params.id),
    'users.cancelEmailChange': async ({ tenant, auth, params }) =>
      (await emailChange()).cancelEmailChangeOp(tenant, auth, params.id),
    'users.confirmEmailChange': async ({ params }) => (await emailChange()).confirmEmailChangeOp(params.token),
    'users.listJobRoles': async ({ tenant }) => ({ jobRoles: await listJobRoles(tenant) }),
    'users.createJobRole': async ({ tenant, body }) => {
      const r = await createJobRole(tenant, body);
      return reply(r.created ? 201 : 200, r);
    },
    'users.listDocuments': async ({ tenant, params }) => (await docs()).listOp(tenant, params.id),
    // Document writes pass the users area's one rule first (changeableEmployee: docs/decisions/0009-sessions-follow-the-account.md).
    'users.uploadDocument': async ({ tenant, auth, params, event }) => {
      await changeableEmployee(tenant, auth, params.id);
      const form = (typeof event.body === 'object' && event.body ? event.body : {}) as Record<string, unknown>;
      const r = await (await docs()).uploadMultipartOp(tenant, params.id, auth, form);
      return reply(r.statusCode, r.body);
    },
    'users.presignDocument': async ({ tenant, auth, params, body }) => {
      await changeableEmployee(tenant, auth, params.id);
      const r = await (await docs()).presignOp(tenant, params.id, auth, body);
      return reply(r.statusCode, r.body);
    },
    'users.completeDocument': async ({ tenant, auth, params }) => {
      await changeableEmployee(tenant, auth, params.id);
      return (await docs()).completeOp(tenant, params.id, params.docId);
    },
    'users.documentFile': async ({ tenant, params, query }) =>
      (await docs()).fileOp(tenant, params.id, params.docId, query.preview === 'true'),
    'users.deleteDocument': async ({ tenant, auth, params }) => {
      await changeableEmployee(tenant, auth, params.id);
      return (await docs()).deleteOp(tenant, params.id, params.docId);
    },
    'users.presignPicture': async ({ tenant, auth, params, body }) => {
      await changeableEmployee(tenant, auth, params.id);
      return reply(201, await (await picture()).presignOp(tenant, auth, params.id, body));
    },
    'users.setPicture': async ({ tenant, auth, params, body }) => {
      const before = await changeableEmployee(tenant, auth, params.id);
      return (await picture()).setOp(tenant, before, body.baseKey);
    },
    'users.deletePicture': async ({ tenant, auth, params }) => {
      const before = await changeableEmployee(tenant, auth, params.id);
      return (await picture()).removeOp(tenant, before);
    },
  },
  { parsers: [multipart({ fileSize: MULTIPART_MAX_BYTES })] },
);
