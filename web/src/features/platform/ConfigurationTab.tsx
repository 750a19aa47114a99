import { Alert, Badge, Button, Card, Flex, List, Stack, Switch, Tabs, Text } from '@chakra-ui/react';
import { errorMessage } from '../../api/client.js';
import { useGlobalFeatures } from './api/index.js';

const PLANNED: Record<string, string[]> = {
  security: ['Password policy', 'Session timeout', 'Two-factor authentication', 'IP allow lists'],
  limits: ['Requests per tenant', 'Sign-in attempts', 'Public booking requests'],
  notifications: ['Operator alerts', 'Tenant announcements', 'Maintenance notices'],
};

/** Which tenants have a feature: all of them, or the count and the names of those that switched it off. */
function tenantsLine(orgs: readonly { name: string; subdomain: string; enabled: boolean }[]): string {
  if (!orgs.length) return 'No tenants yet';
  const off = orgs.filter((o) => !o.enabled);
  if (!off.length) return `On for all ${orgs.length} tenant${orgs.length === 1 ? '' : 's'}`;
  const names = off
    .slice(0, 3)
    .map((o) => o.name || o.subdomain)
    .join(', ');
  return `On for ${orgs.length - off.length} of ${orgs.length} tenants · off for ${names}${off.length > 3 ? ` and ${off.length - 3} more` : ''}`;
}

/** Document 1 §2 item 8: Feature Flags works; the three other tabs list their planned items. */
export function ConfigurationTab() {
  const { data, error, mutate } = useGlobalFeatures();
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
              Every feature is available platform-wide; switch one off for a tenant from its Feature Management tab.
              Core features cannot be toggled.
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
                    <Switch.Root checked={f.isGloballyEnabled} disabled>
                      <Switch.HiddenInput aria-label={`${f.displayName} globally enabled`} />
                      <Switch.Control>
                        <Switch.Thumb />
                      </Switch.Control>
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
