export const CONTACT = 'settings.contact';
export const HOURS = 'settings.hours';
export const POLICY = 'settings.permissions';
export const POLICY_LOGS = 'settings.permissions.logs';
/** R-SET-14..R-SET-17: General, Terms & Policies, Branding, Payments. */
export const GENERAL = 'settings.general';
export const TERMS = 'settings.terms';
export const BRANDING = 'settings.branding';
export const PAYMENTS = 'settings.payments';
