import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The store settings' sections on mobile (R-SET-1), downloaded on first use by StorefrontRoutes. */
export function SectionsDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="80vw">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>Store settings</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3" py="4">
              <Box as="nav" aria-label="Store settings">
                {children}
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close settings menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
