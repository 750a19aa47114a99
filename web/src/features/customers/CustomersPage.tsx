import { Avatar, Badge, Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { CustomerView } from '../../../../shared/contract/customer-models.js';
import { deferred, useDeferred, usePreload } from '../../app/deferred.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { formatPhone, pluralize } from '../../components/format.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pagination } from '../../components/Pagination.js';
import { useCustomers } from './api/index.js';
import {
  countHeader,
  fullName,
  initials,
  LOAD_ERROR,
  NO_CUSTOMERS_TEXT,
  NO_CUSTOMERS_TITLE,
  noMatchText,
} from './customers.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the details dialog downloads after the page shows (or on the first row opened).
const Details = deferred(() => import('./CustomerDetailsDialog.js').then((m) => m.CustomerDetailsDialog));

/** R-CUS-1: search, count, 20 a page, View Details. */
export default function CustomersPage() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<CustomerView | null>(null);
  usePreload(Details);
  const CustomerDetailsDialog = useDeferred(Details, viewing !== null);
  const { data, error, isLoading, isValidating, mutate } = useCustomers(page, search);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(text.trim());
    setPage(1);
  };
  const clear = () => {
    setText('');
    setSearch('');
    setPage(1);
  };

  const columns: Column<CustomerView>[] = [
    {
      key: 'name',
      header: 'Customer',
      minWidth: '12rem',
      render: (c) => (
        <HStack gap="3">
          <Avatar.Root size="sm" colorPalette="brand" variant="subtle">
            <Avatar.Fallback>{initials(c)}</Avatar.Fallback>
          </Avatar.Root>
          <Text fontWeight="medium">{fullName(c)}</Text>
        </HStack>
      ),
    },
    { key: 'phone', header: 'Phone', nowrap: true, render: (c) => formatPhone(c.phone) },
    { key: 'email', header: 'Email', truncate: (c) => c.email ?? '', render: (c) => c.email ?? '—' },
    { key: 'address', header: 'Address', truncate: (c) => c.address ?? '', render: (c) => c.address ?? '—' },
    {
      key: 'reservations',
      header: 'Reservations',
      align: 'center',
      nowrap: true,
      render: (c) => (
        <Badge
          variant="subtle"
          colorPalette={c.reservationCount ? 'green' : 'gray'}
          aria-label={pluralize(c.reservationCount, 'reservation')}
        >
          {c.reservationCount}
        </Badge>
      ),
    },
    {
      // R-RES-12: reservations marked no-show, kept on write; sorts the page shown.
      key: 'noShows',
      header: 'No-shows',
      align: 'center',
      nowrap: true,
      sortValue: (c) => c.noShowCount,
      render: (c) => (
        <Badge
          variant="subtle"
          colorPalette={c.noShowCount ? 'orange' : 'gray'}
          aria-label={pluralize(c.noShowCount, 'no-show')}
        >
          {c.noShowCount}
        </Badge>
      ),
    },
    {
      key: 'actions',
      // A column header with no text leaves the column unnamed (axe empty-table-header).
      header: 'Actions',
      align: 'end',
      nowrap: true,
      render: (c) => (
        <Button size="xs" variant="outline" onClick={() => setViewing(c)} aria-label={`View details of ${fullName(c)}`}>
          View Details
        </Button>
      ),
    },
  ];

  const total = data?.pagination.total ?? 0;
  return (
    <Stack gap="5">
      <PageHeader title="Customers" subtitle="Everyone who has booked with you" />
      <Card.Root>
        <Card.Body>
          <form onSubmit={submit} role="search">
            <HStack gap="2" wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Input
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Search by name, phone or email"
                aria-label="Search customers"
                maxLength={200}
                flex="1"
                minW="12rem"
              />
              <Button type="submit" colorPalette="brand" loading={isValidating && !!search}>
                Search
              </Button>
              {search && (
                <Button variant="ghost" onClick={clear}>
                  Clear
                </Button>
              )}
            </HStack>
          </form>
        </Card.Body>
      </Card.Root>
      {data && !error && (
        <Text as="h2" fontSize="lg" fontWeight="semibold" aria-live="polite">
          {countHeader(total, search)}
        </Text>
      )}
      <DataTable
        label="Customers"
        rows={error ? [] : data?.customers}
        columns={columns}
        rowId={(c) => c.id}
        rowLabel={fullName}
        loading={isLoading}
        pageSize={0}
        error={error ? { title: LOAD_ERROR, message: (error as Error).message, onRetry: () => void mutate() } : null}
        empty={
          search
            ? { title: NO_CUSTOMERS_TITLE, description: noMatchText(search) }
            : { title: NO_CUSTOMERS_TITLE, description: NO_CUSTOMERS_TEXT }
        }
      />
      {data && !error && <Pagination page={page} totalPages={data.pagination.pages} onChange={setPage} />}
      {CustomerDetailsDialog && <CustomerDetailsDialog customer={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
