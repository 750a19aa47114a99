import { Avatar, Box, Button, Container, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { displayName } from '../../app/session.js';
import { useUser } from '../../app/SessionProvider.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { ChevronDownIcon, MenuIcon } from '../../components/icons.js';
import { PageSpinner } from '../../components/PageSpinner.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the drawer (zag dialog) and the menu popup (zag menu,
// floating-ui) download after the page shows; the buttons that open them are here from the start.
const Drawer = deferred(() => import('./ShellMenus.js').then((m) => m.NavigationDrawer));
const UserMenu = deferred(() => import('./ShellMenus.js').then((m) => m.UserMenuPopup));
const USER_MENU_IDS = { trigger: 'app-shell-user-menu-trigger', content: 'app-shell-user-menu-content' };

function UserMenuButton() {
  const user = useUser();
  const name = displayName(user);
  const [open, setOpen] = useState(false);
  const Popup = useDeferred(UserMenu, open);
  return (
    <>
      <Button
        id={USER_MENU_IDS.trigger}
        variant="ghost"
        size="sm"
        gap="2"
        px="2"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? USER_MENU_IDS.content : undefined}
        data-state={open ? 'open' : 'closed'}
        {...preloadOn(UserMenu)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {/* Named by its content, not an aria-label: the visible initials and first name would not be in
            "User menu for Sam Owner" (axe label-content-name-mismatch). The initials are decoration. */}
        <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Box as="span" srOnly>
          User menu for{' '}
        </Box>
        <Text as="span" srOnly={{ base: true, sm: false }}>
          {user.firstName || user.username}
        </Text>
        <ChevronDownIcon />
      </Button>
      {Popup && <Popup open={open} onOpenChange={setOpen} ids={USER_MENU_IDS} />}
    </>
  );
}

/** The signed-in layout of the business app: top bar, slide-in navigation, page. */
export function AppShell() {
  const [open, setOpen] = useState(false);
  const user = useUser();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  usePreload(Drawer, UserMenu);
  const NavigationDrawer = useDeferred(Drawer, open);

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Flex h="14" px={{ base: '2', md: '4' }} align="center" justify="space-between" gap="2">
          <HStack gap="2" minW="0">
            <IconButton
              variant="ghost"
              aria-label="Open navigation"
              aria-expanded={open}
              {...preloadOn(Drawer)}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
            <Text fontWeight="semibold" truncate>
              {user.organization?.name ?? 'Rental Management'}
            </Text>
          </HStack>
          <UserMenuButton />
        </Flex>
      </Box>
      {NavigationDrawer && <NavigationDrawer open={open} onOpenChange={setOpen} />}
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
