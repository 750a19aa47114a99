import { Stack } from '@chakra-ui/react';
import { EmptyState } from '../../components/EmptyState.js';
import { LayersIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';

/** Areas whose screens come in later issues: an honest empty page inside the shell. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Stack gap="6">
      <PageHeader title={title} />
      <EmptyState
        icon={<LayersIcon />}
        title="This section is not available yet"
        description={`${title} will appear here in a coming update.`}
      />
    </Stack>
  );
}
