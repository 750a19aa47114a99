export const CONTACT = 'settings.contact';
export const HOURS = 'settings.hours';
export const POLICY = 'settings.permissions';
export const POLICY_LOGS = 'settings.permissions.logs';
