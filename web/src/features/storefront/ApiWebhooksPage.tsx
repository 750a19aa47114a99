import { Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';

// First-load budget (R-PLAT-11, docs/decisions/0221-first-load-route-preload-and-compression.md): each
// section carries its create dialog (react-hook-form, zod, the contract's schemas, Chakra's dialog),
// together ~90 KB gzip over the app shell. The page shows its header at once and both sections
// download side by side as it first renders, each showing a spinner until its code is here.
const ApiKeysSection = lazy(() => import('./ApiKeysSection.js').then((m) => ({ default: m.ApiKeysSection })));
const WebhooksSection = lazy(() => import('./WebhooksSection.js').then((m) => ({ default: m.WebhooksSection })));

/** /storefront/api (beyond the spec): API keys and signed webhooks for the business's own systems (R-SET-9). */
export default function ApiWebhooksPage() {
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
