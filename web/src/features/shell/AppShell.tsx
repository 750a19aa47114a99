import { Avatar, Box, Button, Container, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { displayName } from '../../app/session.js';
import { useUser } from '../../app/SessionProvider.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { ChevronDownIcon, MenuIcon } from '../../components/icons.js';
import { PageSpinner } from '../../components/PageSpinner.js';

// The drawer and the user menu load on first use (ShellMenus.tsx); hover or focus starts the download.
const loadMenus = () => import('./ShellMenus.js');
const NavigationDrawer = lazy(() => loadMenus().then((m) => ({ default: m.NavigationDrawer })));
const UserMenu = lazy(() => loadMenus().then((m) => ({ default: m.UserMenu })));

/** The user menu's button as it looks before the menu code is loaded; a click loads it and opens it. */
function UserMenuButton({ onClick }: { onClick?: () => void }) {
  const user = useUser();
  const name = displayName(user);
  return (
    <Button variant="ghost" size="sm" gap="2" px="2" aria-label={`User menu for ${name}`} aria-haspopup="menu" onClick={onClick} onPointerEnter={loadMenus} onFocus={loadMenus}>
      <Avatar.Root size="xs" colorPalette="brand">
        <Avatar.Fallback name={name} />
      </Avatar.Root>
      <Text display={{ base: 'none', sm: 'inline' }}>{user.firstName || user.username}</Text>
      <ChevronDownIcon />
    </Button>
  );
}

function LazyUserMenu() {
  const [armed, setArmed] = useState(false);
  if (!armed) return <UserMenuButton onClick={() => setArmed(true)} />;
  return (
    <Suspense fallback={<UserMenuButton />}>
      <UserMenu defaultOpen />
    </Suspense>
  );
}

/** The signed-in layout of the business app: top bar, slide-in navigation, page. */
export function AppShell() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on (so it can animate closed), loaded then.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const user = useUser();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
        <Flex h="14" px={{ base: '2', md: '4' }} align="center" justify="space-between" gap="2">
          <HStack gap="2" minW="0">
            <IconButton
              variant="ghost"
              aria-label="Open navigation"
              aria-expanded={open}
              onClick={() => {
                setDrawerUsed(true);
                setOpen(true);
              }}
              onPointerEnter={loadMenus}
              onFocus={loadMenus}
            >
              <MenuIcon />
            </IconButton>
            <Text fontWeight="semibold" truncate>
              {user.organization?.name ?? 'Rental Management'}
            </Text>
          </HStack>
          <LazyUserMenu />
        </Flex>
      </Box>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavigationDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
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
