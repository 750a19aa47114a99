import { Box, Button, CloseButton, Drawer, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { NavLink } from 'react-router-dom';
import { displayName, ROLE_LABELS } from '../../app/session.js';
import { useSession, useUser } from '../../app/SessionProvider.js';
import {
  BoxIcon,
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  HomeIcon,
  LayersIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons.js';
import { useDisabledModules } from '../platform/api/index.js';
import { useCanFn } from '../storefront/index.js';
import { navItems, type NavItem } from './nav.js';
import { useAppPath } from './tenantBase.js';

/*
 * The shell's slide-in navigation and the user menu's popup, downloaded after the page shows
 * (AppShell.tsx: idle, or the first hover, focus or click of their buttons). Their buttons stay in
 * AppShell, rendered once and never replaced, so a click before this module is here is not lost.
 */

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

export function NavigationDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useUser();
  const can = useCanFn();
  const disabledModules = useDisabledModules();
  const appPath = useAppPath();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      // Seven links need about 320 px (docs/decisions/0225-layout-at-375-and-1366.md); phones get the whole width.
      size={{ base: 'full', sm: 'xs' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
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

/** The user menu's popup, anchored to AppShell's button (`ids.trigger`), which opens and closes it. */
export function UserMenuPopup({
  open,
  onOpenChange,
  ids,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ids: { trigger: string; content: string };
}) {
  const user = useUser();
  const { logout } = useSession();
  const name = displayName(user);
  return (
    <Menu.Root
      ids={ids}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => d.value === 'sign-out' && logout()}
    >
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
