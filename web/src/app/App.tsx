import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppToaster } from '../components/toaster.js';
import { RouterErrorPage } from '../components/RouterErrorPage.js';
import { ApiCache } from '../api/ApiCache.js';
import { ANONYMOUS_SCOPE, scopeOf } from '../api/keys.js';
import { RootRoutes } from './RootRoutes.js';
import { SessionProvider, useSession } from './SessionProvider.js';
import { system } from './theme.js';

/** The API cache of the signed-in user: emptied on sign-in and sign-out (a new scope, a new cache). */
function SessionCache({ children }: { children: React.ReactNode }) {
  const { session } = useSession();
  return (
    <ApiCache scope={session.status === 'authenticated' ? scopeOf(session.user) : ANONYMOUS_SCOPE}>{children}</ApiCache>
  );
}

/**
 * One catch-all data route: the screens are chosen by RootRoutes from host and session, while the
 * data router gives us useBlocker (unsaved-changes guard) and the error element.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '*',
    element: (
      <SessionProvider>
        <SessionCache>
          <RootRoutes />
        </SessionCache>
      </SessionProvider>
    ),
    errorElement: <RouterErrorPage />,
  },
];

function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <AppToaster />
    </ChakraProvider>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
