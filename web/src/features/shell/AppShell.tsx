import { Avatar, Box, Button, CloseButton, Container, Drawer, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState, type ReactElement } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { displayName, ROLE_LABELS } from '../../app/session.js';
import { useSession, useUser } from '../../app/SessionProvider.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import {
  BoxIcon,
  CalendarIcon,
  ChartIcon,
  ChevronDownIcon,
  ClockIcon,
  HomeIcon,
  LayersIcon,
  MenuIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useDisabledModules } from '../platform/api/index.js';
import { useCanFn } from '../storefront/index.js';
import { navItems, type NavItem } from './nav.js';
import { useAppPath } from './tenantBase.js';

const ICONS: Record<NavItem['icon'], ReactElement> = {
  home: <HomeIcon />,
  box: <BoxIcon />,
  users: <UsersIcon />,
  calendar: <CalendarIcon />,
  chart: <ChartIcon />,
  clock: <ClockIcon />,
  team: <UsersIcon />,
  settings: <SettingsIcon />,
};

function NavigationDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useUser();
  const can = useCanFn();
  const disabledModules = useDisabledModules();
  const appPath = useAppPath();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size={{ base: 'xs', md: 'sm' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="80vw">
            <Drawer.Header borderBottomWidth="1px">
              <HStack gap="2">
                <Box color="brand.solid" fontSize="xl">
                  <LayersIcon />
                </Box>
                <Drawer.Title>Rental Management</Drawer.Title>
              </HStack>
            </Drawer.Header>
            <Drawer.Body px="3" py="4">
              <Stack as="nav" aria-label="Main navigation" gap="1">
                {navItems(user, can, disabledModules).map((item) => (
                  <Button
                    key={item.to}
                    asChild
                    variant="ghost"
                    justifyContent="flex-start"
                    gap="3"
                    size="md"
                    css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' } }}
                  >
                    <NavLink to={appPath(item.to)} onClick={() => onOpenChange(false)}>
                      {ICONS[item.icon]}
                      {item.label}
                    </NavLink>
                  </Button>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function UserMenu() {
  const user = useUser();
  const { logout } = useSession();
  const name = displayName(user);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => d.value === 'sign-out' && logout()}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" gap="2" px="2" aria-label={`User menu for ${name}`}>
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Text display={{ base: 'none', sm: 'inline' }}>{user.firstName || user.username}</Text>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="3" py="2" data-testid="user-menu-details">
              <Text fontWeight="semibold">{name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {ROLE_LABELS[user.role] ?? user.role}
              </Text>
              {user.organization?.name && (
                <Text fontSize="sm" color="fg.muted">
                  {user.organization.name}
                </Text>
              )}
            </Box>
            <Menu.Separator />
            <Menu.Item value="sign-out" color="fg.error">
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The signed-in layout of the business app: top bar, slide-in navigation, page. */
export function AppShell() {
  const [open, setOpen] = useState(false);
  const user = useUser();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Flex h="14" px={{ base: '2', md: '4' }} align="center" justify="space-between" gap="2">
          <HStack gap="2" minW="0">
            <IconButton variant="ghost" aria-label="Open navigation" aria-expanded={open} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
            <Text fontWeight="semibold" truncate>
              {user.organization?.name ?? 'Rental Management'}
            </Text>
          </HStack>
          <UserMenu />
        </Flex>
      </Box>
      <NavigationDrawer open={open} onOpenChange={setOpen} />
      <Container as="main" maxW="7xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }} flex="1">
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Container>
    </Flex>
  );
}
