import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { appRoutes } from './app/App.js';
import { system } from './app/theme.js';
import { AppToaster } from './components/toaster.js';

function Providers({ children }: { children: ReactElement }) {
  return (
    <ChakraProvider value={system}>
      {/* A fresh cache per test: SWR would otherwise share answers between tests. */}
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
      <AppToaster />
    </ChakraProvider>
  );
}

/** The whole app at `url` inside a memory router, as the browser would show it. */
export function renderApp(url: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

/**
 * The open modal dialog named `name`, once the page behind it is hidden. Zag hides the rest of the
 * page one animation frame after a dialog opens; a confirm opened inside the dialog before that
 * frame (a click no person makes within 16 ms, but a test does) is hidden along with the page, and
 * its buttons can't be found by role.
 */
export async function findModal(name?: string | RegExp, role: 'dialog' | 'alertdialog' = 'dialog') {
  const modal = await screen.findByRole(role, name === undefined ? {} : { name });
  await waitFor(() => {
    if (!document.querySelector('[data-aria-hidden]')) throw new Error('the page behind the dialog is not hidden yet');
  });
  return modal;
}

export function renderWithProviders(ui: ReactElement, url = '/') {
  return renderApp(url, [{ path: '*', element: ui }]);
}

// The network stubs, checked against the contract (test-api.ts).
export { stubApi, stubPaths, type StubCall } from './test-api.js';
