import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../../../shared/reports/model.js';
import type { ReportTable } from '../../../../shared/reports/table.js';
import { renderWithProviders } from '../../test-utils.js';
import { ExportPanel } from './ExportTab.js';

const table: ReportTable = {
  title: 'Revenue Report',
  range: 'Nov 1 – Nov 25, 2026',
  columns: [],
  rows: [],
  totals: [],
  zone: 'UTC',
};
const report = (type: ReportData['type']) => ({ type, data: {} }) as unknown as ReportData;
const options = () =>
  [...(screen.getByLabelText('Export format') as HTMLSelectElement).options].map((o) => o.textContent);

describe('Export tab (docs/decisions/0024-words-and-states.md, R-REP-4)', () => {
  it('offers the revenue report only the formats it supports: no CSV', () => {
    renderWithProviders(<ExportPanel report={report('revenue')} table={table} business="Acme" />);
    expect(options()).toEqual(['HTML', 'PDF', 'Excel', 'JSON']);
    const card = screen.getByText(/Revenue Report ·/).closest('div')!.parentElement!;
    expect(within(card).queryByRole('button', { name: 'CSV' })).toBeNull();
    within(card).getByRole('button', { name: 'Excel' });
  });

  it('offers the daily log CSV and no Excel', () => {
    renderWithProviders(<ExportPanel report={report('daily-log')} table={table} business="Acme" />);
    expect(options()).toEqual(['HTML', 'PDF', 'CSV', 'JSON']);
    screen.getByRole('button', { name: 'CSV' });
    expect(screen.queryByRole('button', { name: 'Excel' })).toBeNull();
  });
});
