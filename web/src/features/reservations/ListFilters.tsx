import { Button, Field, Input, NativeSelect, SimpleGrid, Wrap } from '@chakra-ui/react';
import { RESERVATION_STATUS_LABEL, NO_SHOW_LABEL } from '../../../../shared/domain/reservations.js';
import type { ListAnswer } from './api/index.js';
import { NO_SHOW_FILTER, STATUS_COLOUR } from './display.js';

const CHIPS = [
  { value: '', label: 'All', count: 'all' },
  { value: 'ACTIVE', label: RESERVATION_STATUS_LABEL.ACTIVE, count: 'active' },
  { value: 'COMPLETED', label: RESERVATION_STATUS_LABEL.COMPLETED, count: 'completed' },
  { value: 'CANCELLED', label: RESERVATION_STATUS_LABEL.CANCELLED, count: 'cancelled' },
  // R-RES-12: the cancelled ones that were no-shows (a filter of the server's, counted on write).
  { value: NO_SHOW_FILTER, label: NO_SHOW_LABEL, count: 'noShow' },
] as const;

export interface Filters {
  search: string;
  service: string;
  customer: string;
  status: string;
  from: string;
  to: string;
}
export const NO_FILTERS: Filters = { search: '', service: '', customer: '', status: '', from: '', to: '' };

/** The lists' searches, status chips with the server's counts, Clear All Filters and the Completed chip's return dates. */
export function ListFilters({
  kind,
  filters,
  set,
  counts,
  services,
  anyFilter,
  onClear,
}: {
  kind: 'ITEM' | 'SERVICE';
  filters: Filters;
  set: <K extends keyof Filters>(k: K, v: Filters[K]) => void;
  /** The chip counts of the page's kind; none while the first page loads. */
  counts: ListAnswer['counts'] | undefined;
  services: { id: string; name: string }[];
  anyFilter: boolean;
  onClear: () => void;
}) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Input
          size="sm"
          type="search"
          aria-label="Search reservations"
          placeholder="Search number, customer, phone…"
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Search by service"
            value={filters.service}
            onChange={(e) => set('service', e.target.value)}
          >
            <option value="">{kind === 'SERVICE' ? 'All services' : 'Any service'}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          type="search"
          aria-label="Search by customer"
          placeholder="Search by customer"
          value={filters.customer}
          onChange={(e) => set('customer', e.target.value)}
        />
      </SimpleGrid>
      <Wrap gap="2" align="center" role="group" aria-label="Status">
        {CHIPS.map((c) => {
          const active = filters.status === c.value;
          const n = counts ? (counts[c.count] ?? 0) : null;
          return (
            <Button
              key={c.label}
              size="xs"
              borderRadius="full"
              variant={active ? 'solid' : 'outline'}
              colorPalette={c.value ? (STATUS_COLOUR[c.value] ?? 'orange') : 'brand'}
              aria-pressed={active}
              onClick={() => set('status', c.value)}
            >
              {c.label}
              {n === null ? '' : ` (${n})`}
            </Button>
          );
        })}
        {anyFilter && (
          <Button size="xs" variant="ghost" onClick={onClear}>
            Clear All Filters
          </Button>
        )}
      </Wrap>
      {filters.status === 'COMPLETED' && (
        <Wrap gap="3" align="end">
          <Field.Root width="auto">
            <Field.Label fontSize="xs">Returned from</Field.Label>
            <Input
              size="sm"
              type="date"
              aria-label="Returned from"
              value={filters.from}
              onChange={(e) => set('from', e.target.value)}
            />
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label fontSize="xs">Returned to</Field.Label>
            <Input
              size="sm"
              type="date"
              aria-label="Returned to"
              value={filters.to}
              onChange={(e) => set('to', e.target.value)}
            />
          </Field.Root>
        </Wrap>
      )}
    </>
  );
}
