import { Box, Button, Flex, Stack } from '@chakra-ui/react';
import { NavLink, Outlet } from 'react-router-dom';
import { STOREFRONT_SECTIONS } from './nav.js';
import { useAppPath } from './tenantBase.js';

export default function StorefrontLayout() {
  const appPath = useAppPath();
  return (
    <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
      <Box as="nav" aria-label="Store settings" w={{ base: 'full', lg: '56' }} flexShrink={0} overflowX="auto">
        <Stack direction={{ base: 'row', lg: 'column' }} gap="1">
          {STOREFRONT_SECTIONS.map((s) => (
            <Button
              key={s.path}
              asChild
              variant="ghost"
              justifyContent="flex-start"
              size="sm"
              css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
            >
              <NavLink to={appPath(`/storefront/${s.path}`)}>{s.label}</NavLink>
            </Button>
          ))}
        </Stack>
      </Box>
      <Box flex="1" minW="0" w="full">
        <Outlet />
      </Box>
    </Flex>
  );
}
