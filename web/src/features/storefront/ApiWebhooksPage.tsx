import { Alert, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useMayCallFn } from './api/permissions.js';

// First-load budget (R-PLAT-11, docs/decisions/0221-first-load-route-preload-and-compression.md): each
// section carries its create dialog (react-hook-form, zod, the contract's schemas, Chakra's dialog),
// together ~90 KB gzip over the app shell. The page shows its header at once and both sections
// download side by side as it first renders, each showing a spinner until its code is here.
const ApiKeysSection = lazy(() => import('./ApiKeysSection.js').then((m) => ({ default: m.ApiKeysSection })));
const WebhooksSection = lazy(() => import('./WebhooksSection.js').then((m) => ({ default: m.WebhooksSection })));

export const API_PAGE_REFUSED = 'Only administrators manage API keys and webhooks.';

/** /storefront/api (beyond the spec): API keys and signed webhooks for the business's own systems (R-SET-9). */
export default function ApiWebhooksPage() {
  const mayCall = useMayCallFn();
  // Keys and webhooks are the administrators' (their routes' capability): others get no controls (R-RES-13).
  if (!mayCall('settings.listApiKeys'))
    return (
      <Stack gap="6">
        <PageHeader title="API & Webhooks" />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{API_PAGE_REFUSED}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  return (
    <Stack gap="6">
      <PageHeader title="API & Webhooks" />
      <Suspense fallback={<PageSpinner label="Loading API keys…" minH="40" />}>
        <ApiKeysSection />
      </Suspense>
      <Suspense fallback={<PageSpinner label="Loading webhooks…" minH="40" />}>
        <WebhooksSection />
      </Suspense>
    </Stack>
  );
}
