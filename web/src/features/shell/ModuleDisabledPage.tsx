import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MODULE_DISABLED_MESSAGE } from '../../../../shared/domain/modules.js';
import { EmptyState } from '../../components/EmptyState.js';
import { LayersIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAppPath } from './tenantBase.js';

/**
 * What a typed-in or bookmarked address of a switched-off module shows (docs/decisions/0001-modules-and-live-stream.md): the same
 * sentence the API answers with, calmly, in place of a page whose every call would fail with it.
 */
export function ModuleDisabledPage({ title }: { title: string }) {
  const appPath = useAppPath();
  return (
    <Stack gap="6">
      <PageHeader title={title} />
      <EmptyState
        icon={<LayersIcon />}
        title={MODULE_DISABLED_MESSAGE}
        description="Ask your administrator if your organization needs it."
        action={
          <Button asChild variant="outline" size="sm">
            <RouterLink to={appPath('/dashboard')}>Back to the dashboard</RouterLink>
          </Button>
        }
      />
    </Stack>
  );
}
