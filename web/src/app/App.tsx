import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppToaster } from '../components/toaster.js';
import { RouterErrorPage } from '../components/RouterErrorPage.js';
import { RootRoutes } from './RootRoutes.js';
import { SessionProvider } from './SessionProvider.js';
import { system } from './theme.js';

/**
 * One catch-all data route: the screens are chosen by RootRoutes from host and session, while the
 * data router gives us useBlocker (unsaved-changes guard) and the error element.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '*',
    element: (
      <SessionProvider>
        <RootRoutes />
      </SessionProvider>
    ),
    errorElement: <RouterErrorPage />,
  },
];

export function AppProviders({ children }: { children: React.ReactNode }) {
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
