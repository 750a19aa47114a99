import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Column } from './tableColumn.js';
import { cellValue } from './tableCells.js';

/** The DataTable's layout under 480 px: one card per row, each column a label and its value. */
export function DataTableCards<T>({
  label,
  rows,
  columns,
  rowId,
  checkbox,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowId: (row: T) => string;
  /** The row's selection checkbox, when rows are selectable. */
  checkbox?: (row: T) => ReactNode;
}) {
  return (
    <Stack gap="3" role="list" aria-label={label}>
      {rows.map((row) => (
        <Card.Root key={rowId(row)} role="listitem" size="sm">
          <Card.Body gap="1">
            {checkbox?.(row)}
            {columns
              .filter((c) => !c.hideOnCard)
              .map((c) => (
                <HStack key={c.key} justify="space-between" align="flex-start" gap="3" minW="0">
                  <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                    {c.header}
                  </Text>
                  <Box minW="0" textAlign="end" fontSize="sm" wordBreak="break-word">
                    {cellValue(row, c)}
                  </Box>
                </HStack>
              ))}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
