/** Cache resources of the inventory area (for SWR keys and useMutationAction's `revalidate`). */
export const INVENTORY = 'inventory';
export const INVENTORY_PAGE = 'inventory.page';
export const INVENTORY_ACTIVITY = 'inventory.activity';
/** The tenant's locations (the employee form and the service form read them too). */
export const LOCATIONS = 'inventory.locations';
