import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { DataTable, type Column } from './DataTable.js';
import { compareValues, nextSort, sortRows } from './tableRules.js';

interface Row {
  id: string;
  name: string;
  qty: number;
  kind: string;
}
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Item ${i + 1}`,
  qty: (i * 7) % 11,
  kind: i % 2 ? 'odd' : 'even',
}));
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortValue: (r) => r.name, truncate: true },
  { key: 'qty', header: 'Qty', sortValue: (r) => r.qty },
  {
    key: 'kind',
    header: 'Kind',
    filterValue: (r) => r.kind,
    filterOptions: [
      { value: 'odd', label: 'Odd' },
      { value: 'even', label: 'Even' },
    ],
  },
];

function Harness(props: Partial<Parameters<typeof DataTable<Row>>[0]>) {
  const [sel, setSel] = useState<Set<string>>(new Set());
  return (
    <DataTable
      label="Things"
      rows={rows}
      columns={columns}
      rowId={(r) => r.id}
      pageSize={10}
      selectable
      selected={sel}
      onSelectedChange={setSel}
      {...props}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('table rules', () => {
  it('sorts numbers by value, text naturally, empty last', () => {
    expect(sortRows(['Item 10', 'Item 2', '', 'item 1'], { key: 'x', dir: 'asc' }, (r) => r)).toEqual([
      'item 1',
      'Item 2',
      'Item 10',
      '',
    ]);
    expect(sortRows([3, null, 10, 2], { key: 'x', dir: 'desc' }, (r) => r)).toEqual([10, 3, 2, null]);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(nextSort(null, 'a')).toEqual({ key: 'a', dir: 'asc' });
    expect(nextSort({ key: 'a', dir: 'asc' }, 'a')).toEqual({ key: 'a', dir: 'desc' });
    expect(nextSort({ key: 'a', dir: 'desc' }, 'a')).toBeNull();
  });
});

describe('DataTable', { timeout: 30_000 }, () => {
  it('pages by N, sorts by header, filters by column', () => {
    renderWithProviders(<Harness />);
    expect(bodyRows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(bodyRows()[0]!.textContent).toContain('Item 21');
    fireEvent.click(screen.getByRole('button', { name: /Qty/ }));
    expect(screen.getByRole('columnheader', { name: /Qty/ }).getAttribute('aria-sort')).toBe('ascending');
    // Sorting keeps the page within range; first page after a new sort order stays page 3 of 3.
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(within(bodyRows()[0]!).getAllByRole('cell')[2]!.textContent).toBe('0');
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by Kind' }), { target: { value: 'odd' } });
    expect(bodyRows().every((r) => r.textContent?.includes('odd'))).toBe(true);
    screen.getByRole('button', { name: 'Page 2' });
  });

  it('sorts on a click anywhere in the header cell, once per click (docs/decisions/0024-words-and-states.md)', () => {
    renderWithProviders(<Harness />);
    const header = screen.getByRole('columnheader', { name: /Qty/ });
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('selects a row and the whole page', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    await waitFor(() => expect(bodyRows().filter((r) => r.hasAttribute('data-selected'))).toHaveLength(10));
    fireEvent.click(screen.getByLabelText('Select r1'));
    await waitFor(() => expect(bodyRows().filter((r) => r.hasAttribute('data-selected'))).toHaveLength(9));
  });

  it('shows the full value of truncated text on hover', () => {
    renderWithProviders(<Harness />);
    screen.getByTitle('Item 1');
  });

  it('shows the error with Retry, never the empty state', () => {
    const retry = vi.fn();
    renderWithProviders(
      <Harness
        rows={undefined}
        error={{ title: 'Failed to load things', message: 'boom', onRetry: retry }}
        empty={{ title: 'No things yet' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load things');
    expect(screen.queryByText('No things yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('shows the empty state for no rows', () => {
    renderWithProviders(<Harness rows={[]} empty={{ title: 'No things yet' }} />);
    screen.getByText('No things yet');
  });

  it('lays rows out as cards under 480 px', () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({
      matches: q.includes('max-width'),
      media: q,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithProviders(<Harness />);
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')).toHaveLength(10);
    } finally {
      window.matchMedia = original;
    }
  });
});
