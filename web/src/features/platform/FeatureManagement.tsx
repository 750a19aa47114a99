import { Alert, Badge, Button, Flex, Heading, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MODULES, moduleToggleProblem, type ModuleId, type ModuleStates } from '../../../../shared/domain/modules.js';
import { notify } from '../../components/toaster.js';
import { useTenantModules, useToggleModule } from './api/index.js';

/** R-PLAT-5, §4, §8: features grouped by category with toggles; the shared rule previews every toggle. */
export function FeatureManagement({ tenantId }: { tenantId: string }) {
  const { data, error, isLoading, mutate } = useTenantModules(tenantId);
  // A refused change leaves the switch's own state flipped while the data is not: a new key puts
  // it back in step, or the next click would only flip it back (docs/decisions/0024-words-and-states.md).
  const [resync, setResync] = useState(0);
  const toggle = useToggleModule({
    success: (_r, _id, module, enable) =>
      `${MODULES.find((m) => m.id === module)?.displayName ?? module} ${enable ? 'enabled' : 'disabled'} successfully`,
    failure: (_id, _m, enable) => (enable ? 'Failed to enable feature' : 'Failed to disable feature'),
  });
  if (isLoading) return <Spinner />;
  if (error || !data) {
    return (
      <Alert.Root status="error">
        <Alert.Content>
          <Alert.Title>Failed to load features</Alert.Title>
        </Alert.Content>
        <Button size="sm" onClick={() => void mutate()}>
          Retry
        </Button>
      </Alert.Root>
    );
  }
  const states = Object.fromEntries(data.modules.map((m) => [m.name, m.enabled])) as ModuleStates;
  const onChange = (id: ModuleId, enable: boolean) => {
    const problem = moduleToggleProblem(states, id, enable);
    if (problem) {
      notify.error(problem);
      setResync((n) => n + 1);
      return;
    }
    void toggle.run(tenantId, id, enable);
  };
  const categories = [...new Set(data.modules.map((m) => m.category))];
  return (
    <Stack gap="5">
      {categories.map((c) => (
        <Stack key={c} gap="2">
          <Heading as="h3" size="sm">
            {c}
          </Heading>
          {data.modules
            .filter((m) => m.category === c)
            .map((m) => (
              <Flex key={m.name} justify="space-between" align="center" gap="3" borderWidth="1px" rounded="md" p="3">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">
                    {m.displayName}
                    {m.isCore && (
                      <Badge ms="2" size="xs">
                        Core
                      </Badge>
                    )}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {m.description}
                  </Text>
                  {m.dependencies.length > 0 && (
                    <Text fontSize="xs" color="fg.muted">
                      Requires:{' '}
                      {m.dependencies.map((d) => MODULES.find((x) => x.id === d)?.displayName ?? d).join(', ')}
                    </Text>
                  )}
                </Stack>
                <Switch.Root
                  key={`${m.name}-${resync}`}
                  checked={m.enabled}
                  disabled={m.isCore || toggle.busy}
                  onCheckedChange={() => onChange(m.name, !m.enabled)}
                  data-testid={`module-${m.name}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  {/* The input's aria-labelledby names this label
                      (docs/decisions/0020-accessibility-checked-by-axe.md). */}
                  <Switch.Label srOnly>{`${m.displayName} enabled`}</Switch.Label>
                </Switch.Root>
              </Flex>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
