import { Box, Card, Flex, LinkBox, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { StatColor } from '../app/theme.js';

interface StatCardProps {
  label: string;
  value: string;
  hint?: string;
  /** Opens this path: the whole card is the link. */
  to?: string;
  /** Tints the card with the theme's statCard palette. */
  color?: StatColor;
  icon?: ReactElement;
  /** Shows a skeleton in place of the value. */
  loading?: boolean;
  /** Tighter padding and no hint, for the compact dashboard layout. */
  compact?: boolean;
}

/** One figure on a summary card: a label, the value large, an optional note under it. */
export function StatCard({ label, value, hint, to, color, icon, loading = false, compact = false }: StatCardProps) {
  const labelText = (
    <Text color={color ? `statCard.${color}.fg` : 'fg.muted'} fontSize="sm" fontWeight={color ? 'medium' : undefined}>
      {label}
    </Text>
  );
  const card = (
    <Card.Root
      size="sm"
      as={to ? 'article' : undefined}
      borderColor={color ? `statCard.${color}.border` : undefined}
      bg={color ? `statCard.${color}.bg` : undefined}
      transition={to ? 'transform 0.15s, box-shadow 0.15s' : undefined}
      _hover={to ? { transform: 'translateY(-2px)', shadow: 'md' } : undefined}
    >
      <Card.Body p={compact ? '3' : undefined}>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stack gap="0">
            {to ? (
              <LinkOverlay asChild>
                <RouterLink to={to}>{labelText}</RouterLink>
              </LinkOverlay>
            ) : (
              labelText
            )}
            <Skeleton loading={loading}>
              <Text fontSize="2xl" fontWeight="bold" data-testid={`stat-${label}`}>
                {value}
              </Text>
            </Skeleton>
            {hint && !compact && (
              <Text fontSize="xs" color="fg.muted">
                {hint}
              </Text>
            )}
          </Stack>
          {icon && (
            <Box fontSize={compact ? 'xl' : '2xl'} color={color ? `statCard.${color}.icon` : 'fg.muted'} aria-hidden>
              {icon}
            </Box>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
  // LinkOverlay stretches over its nearest positioned ancestor: LinkBox makes that the whole card.
  return to ? <LinkBox asChild>{card}</LinkBox> : card;
}
