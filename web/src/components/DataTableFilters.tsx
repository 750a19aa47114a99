import { HStack, NativeSelect } from '@chakra-ui/react';
import type { Column } from './tableColumn.js';

/** One select per column with filter options ('All {header}' clears it); nothing when no column filters. */
export function DataTableFilters<T>({
  columns,
  filters,
  onChange,
}: {
  columns: readonly Column<T>[];
  filters: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const filterable = columns.filter((c) => c.filterOptions?.length);
  if (filterable.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {filterable.map((c) => (
        <NativeSelect.Root key={c.key} size="sm" width="auto" minW="10rem">
          <NativeSelect.Field
            aria-label={`Filter by ${c.header}`}
            value={filters[c.key] ?? ''}
            onChange={(e) => onChange(c.key, e.target.value)}
          >
            <option value="">All {c.header}</option>
            {c.filterOptions!.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </HStack>
  );
}
