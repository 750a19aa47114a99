import { getOrganization } from '../auth/store.js';
import type { TenantId } from '../lib/keys.js';
import { loadTemplate } from '../lib/template-store.js';

export const TEMPLATE = 'booking-confirmation';

/** What the confirmation reads besides the booking: the business's name and the stored template. */
export interface ConfirmationReads {
  organization: ReturnType<typeof getOrganization>;
  template: ReturnType<typeof loadTemplate>;
}

/**
 * Starts the confirmation's reads as a booking asks for its places, so they share the booking's own
 * read batch and run while it commits, not after it (docs/decisions/0238-booking-rush.md). A booking
 * refused meanwhile never awaits them: their failures are caught here, and seen again by whoever awaits.
 * The mail itself is built by ./booking-confirmation-mail.ts, loaded on first use.
 */
export function readAheadForConfirmation(tenant: TenantId): ConfirmationReads {
  const reads = { organization: getOrganization(tenant), template: loadTemplate(TEMPLATE) };
  reads.organization.catch(() => undefined);
  reads.template.catch(() => undefined);
  return reads;
}
