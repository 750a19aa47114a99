import { api, type BodyOf } from '../../../api/client.js';

/** A booking from the public share page (no session: the share token names the service). */
export const bookPublic = (token: string, body: BodyOf<'services.publicBook'>, idempotencyKey: string) =>
  api('services.publicBook', { params: { token }, body, token: null, idempotencyKey });
