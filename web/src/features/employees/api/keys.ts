/** Cache resources of the employees area (for SWR keys and useMutationAction's `revalidate`). */
export const EMPLOYEES = 'users';
export const EMPLOYEE_LIST = 'users.list';
export const EMPLOYEE_DETAIL = 'users.detail';
export const EMPLOYEE_DOCUMENTS = 'users.documents';
export const JOB_ROLES = 'users.jobRoles';
/** The inventory screens' cache entry of the tenant's locations (the employee form reads it too). */
export const LOCATIONS = 'inventory.locations';
