import { Alert, Badge, Button, Card, Flex, List, Stack, Switch, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { planEverywhere, type ModuleId } from '../../../../shared/domain/modules.js';
import { errorMessage } from '../../api/client.js';
import { pluralize } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { toggleModule, useGlobalFeatures } from './api/index.js';

const PLANNED: Record<string, string[]> = {
  security: ['Password policy', 'Session timeout', 'Two-factor authentication', 'IP allow lists'],
  limits: ['Requests per tenant', 'Sign-in attempts', 'Public booking requests'],
  notifications: ['Operator alerts', 'Tenant announcements', 'Maintenance notices'],
};

/** Which tenants have a feature: all of them, or the count and the names of those that switched it off. */
function tenantsLine(orgs: readonly { name: string; subdomain: string; enabled: boolean }[]): string {
  if (!orgs.length) return 'No tenants yet';
  const off = orgs.filter((o) => !o.enabled);
  if (!off.length)
    return orgs.length === 1 ? 'On for the one tenant' : `On for all ${pluralize(orgs.length, 'tenant')}`;
  const names = off
    .slice(0, 3)
    .map((o) => o.name || o.subdomain)
    .join(', ');
  return `On for ${orgs.length - off.length} of ${pluralize(orgs.length, 'tenant')} · off for ${names}${off.length > 3 ? ` and ${off.length - 3} more` : ''}`;
}

/** R-PLAT-5: Feature Flags works; the three other tabs list their planned items. */
export function ConfigurationTab() {
  const { data, error, mutate } = useGlobalFeatures();
  const [busy, setBusy] = useState<string | null>(null);
  // A non-core feature switched here is switched for every tenant through each tenant's own
  // endpoint, so the dependency rule and the audit trail stay per tenant (R-PLAT-6).
  const setEverywhere = async (id: ModuleId, name: string, enable: boolean) => {
    if (!data) return;
    const plan = planEverywhere(data.features, id, enable);
    setBusy(id);
    const refused = plan.refused.map((r) => `${r.tenant}: ${r.problem}`);
    for (const tenant of plan.change) {
      try {
        await toggleModule(tenant, id, enable);
      } catch (e) {
        const org = data.features.find((f) => f.id === id)?.organizations.find((o) => o.id === tenant);
        refused.push(
          `${org?.name || tenant}: ${errorMessage(e, enable ? 'Failed to enable feature' : 'Failed to disable feature')}`,
        );
      }
    }
    setBusy(null);
    await mutate();
    const done = plan.change.length - (refused.length - plan.refused.length);
    if (refused.length) notify.error(`${name}: ${refused.length} not changed`, refused.join('\n'));
    if (done > 0 || !refused.length)
      notify.success(`${name} ${enable ? 'enabled' : 'disabled'} for ${pluralize(done, 'tenant')}`);
  };
  return (
    <Tabs.Root defaultValue="flags" variant="enclosed" lazyMount>
      <Tabs.List flexWrap="wrap" maxW="full">
        <Tabs.Trigger value="flags">Feature Flags</Tabs.Trigger>
        <Tabs.Trigger value="security">Security</Tabs.Trigger>
        <Tabs.Trigger value="limits">Rate Limits</Tabs.Trigger>
        <Tabs.Trigger value="notifications">Notifications</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="flags">
        {error ? (
          <Alert.Root status="error">
            <Alert.Content>
              <Alert.Title>Failed to load features</Alert.Title>
              <Alert.Description>{errorMessage(error, 'Failed to load features')}</Alert.Description>
            </Alert.Content>
            <Button size="sm" onClick={() => void mutate()}>
              Retry
            </Button>
          </Alert.Root>
        ) : (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              A switch here turns a feature on or off for every tenant; one tenant's features are on its Feature
              Management tab. Core features cannot be toggled.
            </Text>
            {data?.features.map((f) => (
              <Card.Root key={f.id} size="sm">
                <Card.Body>
                  <Flex justify="space-between" align="center" gap="3">
                    <Stack gap="0">
                      <Text fontWeight="medium">
                        {f.displayName} <Badge size="xs">{f.category}</Badge>
                        {f.isCore && (
                          <Badge size="xs" ms="1" colorPalette="purple">
                            Always on
                          </Badge>
                        )}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {f.description}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" data-testid={`feature-orgs-${f.id}`}>
                        {tenantsLine(f.organizations)}
                      </Text>
                    </Stack>
                    <Switch.Root
                      checked={f.isGloballyEnabled}
                      disabled={f.isCore || busy !== null}
                      onCheckedChange={() => void setEverywhere(f.id, f.displayName, !f.isGloballyEnabled)}
                    >
                      <Switch.HiddenInput />
                      <Switch.Control>
                        <Switch.Thumb />
                      </Switch.Control>
                      {/* The input's aria-labelledby names this label (docs/decisions/0020-accessibility-checked-by-axe.md). */}
                      <Switch.Label srOnly>{`${f.displayName} globally enabled`}</Switch.Label>
                    </Switch.Root>
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </Tabs.Content>
      {Object.entries(PLANNED).map(([k, items]) => (
        <Tabs.Content key={k} value={k}>
          <Text mb="2" color="fg.muted">
            Planned:
          </Text>
          <List.Root ps="5">
            {items.map((i) => (
              <List.Item key={i}>{i}</List.Item>
            ))}
          </List.Root>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
