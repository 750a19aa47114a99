import { createContext, useCallback, useContext } from 'react';

/** '' on a tenant host, '/{subdomain}' when the business app runs under a path prefix. */
export const TenantBaseContext = createContext('');

/** Builds an app path under the current tenant base: appPath('/inventory'). */
export function useAppPath(): (path: string) => string {
  const base = useContext(TenantBaseContext);
  return useCallback((path: string) => `${base}${path.startsWith('/') ? path : `/${path}`}`, [base]);
}
