/** Cache resources of the platform area (for SWR keys and useMutationAction's `revalidate`). */
export const INVITATIONS = 'platform.invitations';
export const TENANTS = 'platform.tenants';
export const TEMPLATES = 'platform.templates';
export const OVERVIEW = 'platform.overview';
export const HEALTH = 'platform.health';
export const FEATURES = 'platform.features';
export const ORGANIZATION_MODULES = 'platform.organizationModules';
export const USAGE = 'platform.usage';
export const EMAIL_STATS = 'platform.emailStats';
