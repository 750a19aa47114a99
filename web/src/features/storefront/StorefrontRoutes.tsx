import { Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { LayersIcon, MenuIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAppPath } from '../shell/index.js';
import { useMayCallFn } from './api/permissions.js';
import { ALL_SECTIONS, PLACEHOLDER_SECTIONS, PLACEHOLDER_TEXT, STOREFRONT_GROUPS } from './sections.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): each section page is its own chunk (its form, zod and
// the contract's schemas load with it), and the mobile sections drawer downloads on first use.
const ContactPage = lazy(() => import('./ContactPage.js'));
const HoursPage = lazy(() => import('./HoursPage.js'));
const TaxesPage = lazy(() => import('./TaxesPage.js'));
const GeneralPage = lazy(() => import('./GeneralPage.js'));
const TermsPage = lazy(() => import('./TermsPage.js'));
const BrandingPage = lazy(() => import('./BrandingPage.js'));
const PaymentsPage = lazy(() => import('./PaymentsPage.js'));
const PermissionsPage = lazy(() => import('./PermissionsPage.js'));
const NotificationsPage = lazy(() => import('./NotificationsPage.js'));
const ApiWebhooksPage = lazy(() => import('./ApiWebhooksPage.js'));
const Drawer = deferred(() => import('./SectionsDrawer.js').then((m) => m.SectionsDrawer));

/** The groups with only the sections whose page the signed-in person may read (R-RES-13). */
function useMySections() {
  const mayCall = useMayCallFn();
  return STOREFRONT_GROUPS.map((g) => ({ ...g, sections: g.sections.filter((s) => !s.route || mayCall(s.route)) }));
}

function SectionLinks({ onPick }: { onPick?: () => void }) {
  const appPath = useAppPath();
  const groups = useMySections();
  return (
    <Stack gap="4">
      <Button
        asChild
        variant="ghost"
        justifyContent="flex-start"
        size="sm"
        fontWeight="semibold"
        css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
      >
        <NavLink to={appPath('/storefront')} end onClick={onPick}>
          Overview
        </NavLink>
      </Button>
      {groups.map((g) => (
        <Stack key={g.title} gap="1">
          <Text
            px="3"
            fontSize="xs"
            fontWeight="semibold"
            textTransform="uppercase"
            color="fg.muted"
            letterSpacing="wide"
          >
            {g.title}
          </Text>
          {g.sections.map((s) => (
            <Button
              key={s.path}
              asChild
              variant="ghost"
              justifyContent="flex-start"
              size="sm"
              css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
            >
              <NavLink to={appPath(`/storefront/${s.path}`)} onClick={onPick}>
                {s.label}
              </NavLink>
            </Button>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** R-SET-1: a sidebar on wide screens, a drawer on mobile. */
function StorefrontLayout({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  usePreload(Drawer);
  const SectionsDrawer = useDeferred(Drawer, open);
  return (
    <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
      <Box
        as="nav"
        aria-label="Store settings"
        w="60"
        flexShrink={0}
        display={{ base: 'none', lg: 'block' }}
        position="sticky"
        top="4"
      >
        <SectionLinks />
      </Box>
      <Box display={{ base: 'block', lg: 'none' }}>
        <Button variant="outline" size="sm" {...preloadOn(Drawer)} onClick={() => setOpen(true)}>
          <MenuIcon /> Settings menu
        </Button>
        {SectionsDrawer && (
          <SectionsDrawer open={open} onOpenChange={setOpen}>
            <SectionLinks onPick={() => setOpen(false)} />
          </SectionsDrawer>
        )}
      </Box>
      <Box flex="1" minW="0" w="full">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </Box>
    </Flex>
  );
}

function Overview() {
  const appPath = useAppPath();
  const groups = useMySections();
  return (
    <Stack gap="8">
      <PageHeader title="Store Settings" subtitle="Manage your store's details and how your team works" />
      {groups.map((g) => (
        <Stack key={g.title} gap="3">
          <Heading as="h2" size="lg">
            {g.title}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {g.sections.map((s) => (
              <Card.Root
                key={s.path}
                asChild
                variant="outline"
                _hover={{ borderColor: 'brand.solid', shadow: 'sm' }}
                transition="all 0.15s"
              >
                <Link to={appPath(`/storefront/${s.path}`)}>
                  <Card.Body gap="1" p="4">
                    <Card.Title fontSize="md">{s.label}</Card.Title>
                    <Card.Description>{s.description}</Card.Description>
                  </Card.Body>
                </Link>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="6">
      <PageHeader title={title} />
      <EmptyState icon={<LayersIcon />} title={`${title} is coming soon`} description={text} />
    </Stack>
  );
}

const label = (path: string) => ALL_SECTIONS.find((s) => s.path === path)?.label ?? path;

/** /storefront and its 12 sub-routes (mounted at `storefront/*` behind the viewSettings flag). */
export default function StorefrontRoutes() {
  const appPath = useAppPath();
  return (
    <StorefrontLayout>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="hours" element={<HoursPage />} />
        <Route path="taxes" element={<TaxesPage />} />
        <Route path="general" element={<GeneralPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="branding" element={<BrandingPage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="permissions" element={<PermissionsPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="api" element={<ApiWebhooksPage />} />
        {PLACEHOLDER_SECTIONS.map((p) => (
          <Route key={p} path={p} element={<Placeholder title={label(p)} text={PLACEHOLDER_TEXT} />} />
        ))}
        <Route path="*" element={<Navigate to={appPath('/dashboard')} replace />} />
      </Routes>
    </StorefrontLayout>
  );
}
