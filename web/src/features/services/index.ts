/** What other features may use of services (lint: features meet only through index.ts and api/index.ts). */
export { default as ServicesTab } from './ServicesTab.js';
export { ServiceFormDialog } from './ServiceFormDialog.js';
export { LocationPicker } from './LocationPicker.js';
