import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader.js';
import { ApiKeysSection } from './ApiKeysSection.js';
import { WebhooksSection } from './WebhooksSection.js';

/** /storefront/api (beyond the spec): API keys and signed webhooks for the business's own systems (R-SET-9). */
export default function ApiWebhooksPage() {
  return (
    <Stack gap="6">
      <PageHeader title="API & Webhooks" />
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
