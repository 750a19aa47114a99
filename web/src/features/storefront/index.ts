/**
 * Public entry of the store settings feature. Other features use `useCan` to hide what the
 * signed-in person's permission policy denies; the pages themselves load with the router.
 */
export { useCan, useCanFn, useMayCallFn, useMayUseFn } from './api/permissions.js';
