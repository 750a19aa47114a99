/** Cache resources of the services area (for SWR keys and useMutationAction's `revalidate`). */
export const SERVICES = 'services';
export const SERVICES_LIST = 'services.list';
/** The public share page's service (no session: the share token names the tenant). */
export const PUBLIC_SERVICE = 'services.public';
/** One service's waitlist in its details dialog (R-SVC-10). */
export const WAITLIST = 'services.waitlistList';
/** A waitlist offer as its e-mail link opens it (R-SVC-9). */
export const WAITLIST_OFFER = 'services.waitlistOffer';
