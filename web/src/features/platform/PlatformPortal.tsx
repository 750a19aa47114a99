import { Badge, Box, Button, Container, Flex, Heading, HStack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { displayName } from '../../app/session.js';
import { useSession, useUser } from '../../app/SessionProvider.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { LayersIcon, ShieldIcon } from '../../components/icons.js';
import { deferred, useDeferred, usePreload, type Deferred } from '../../app/deferred.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';
import { OverviewTab } from './OverviewTab.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the tabs not shown first download after the portal
// shows (idle) or when opened; a tab shows a spinner until its code is here.
const LATER_TABS = {
  tenants: deferred(() => import('./TenantsTab.js').then((m) => m.TenantsTab)),
  invitations: deferred(() => import('./InvitationsTab.js').then((m) => m.InvitationsTab)),
  templates: deferred(() => import('./TemplatesTab.js').then((m) => m.TemplatesTab)),
  analytics: deferred(() => import('./AnalyticsTab.js').then((m) => m.AnalyticsTab)),
  communications: deferred(() => import('./CommunicationsTab.js').then((m) => m.CommunicationsTab)),
  configuration: deferred(() => import('./ConfigurationTab.js').then((m) => m.ConfigurationTab)),
};

function LaterTab({ tab }: { tab: Deferred<object> }) {
  const Tab = useDeferred(tab, true);
  return Tab ? <Tab /> : <PageSpinner minH="30vh" />;
}

export const PLATFORM_TABS = [
  { value: 'overview', label: 'Platform Overview' },
  { value: 'tenants', label: 'Tenant Management' },
  { value: 'invitations', label: 'Client Invitations' },
  { value: 'templates', label: 'Templates' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'communications', label: 'Communications' },
  { value: 'configuration', label: 'Configuration' },
] as const;
type TabValue = (typeof PLATFORM_TABS)[number]['value'];

function NotYet({ label }: { label: string }) {
  return (
    <EmptyState
      icon={<LayersIcon />}
      title="This section is not available yet"
      description={`${label} is being built and will appear here in a coming update.`}
    />
  );
}

const TAB_BODY: Partial<Record<TabValue, () => React.ReactElement>> = {
  overview: () => <OverviewTab />,
  tenants: () => <LaterTab tab={LATER_TABS.tenants} />,
  invitations: () => <LaterTab tab={LATER_TABS.invitations} />,
  templates: () => <LaterTab tab={LATER_TABS.templates} />,
  analytics: () => <LaterTab tab={LATER_TABS.analytics} />,
  communications: () => <LaterTab tab={LATER_TABS.communications} />,
  configuration: () => <LaterTab tab={LATER_TABS.configuration} />,
};

/** The Platform Administration portal (R-PLAT-5) for SUPER_ADMIN. */
export default function PlatformPortal() {
  const user = useUser();
  const { logout } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = PLATFORM_TABS.some((t) => t.value === requested) ? (requested as TabValue) : 'overview';
  usePreload(...Object.values(LATER_TABS));

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <Box as="header" bg="bg" borderBottomWidth="1px">
        <Container maxW="7xl" py="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <HStack gap="3" minW="0">
              <Box color="brand.solid" fontSize="2xl" aria-hidden>
                <ShieldIcon />
              </Box>
              <Heading as="h1" size={{ base: 'md', md: 'lg' }}>
                Platform Administration
              </Heading>
              <Badge colorPalette="purple" variant="solid">
                Super Admin
              </Badge>
            </HStack>
            <HStack gap="3">
              <Text fontWeight="medium" data-testid="platform-user">
                {displayName(user)}
              </Text>
              <Button size="sm" variant="outline" onClick={logout}>
                Logout
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="7xl" py={{ base: '4', md: '8' }} flex="1">
        <Tabs.Root
          value={tab}
          onValueChange={(e) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', e.value);
                return next;
              },
              { replace: true },
            )
          }
          variant="line"
          colorPalette="brand"
          lazyMount
          unmountOnExit
        >
          <WrappingTabList mb="6">
            {PLATFORM_TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </WrappingTabList>
          {PLATFORM_TABS.map((t) => (
            <Tabs.Content key={t.value} value={t.value}>
              <ErrorBoundary>{TAB_BODY[t.value]?.() ?? <NotYet label={t.label} />}</ErrorBoundary>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Container>
    </Flex>
  );
}
