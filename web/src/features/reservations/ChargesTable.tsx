import { Table } from '@chakra-ui/react';
import { formatPercent } from '../../../../shared/domain/money.js';
import { pluralize } from '../../components/format.js';
import { money } from './display.js';
import type { Charges } from './types.js';

/** A return's charges, line by line (the preview before, the server's figures after). */
export function ChargesTable({ c, caption }: { c: Charges; caption: string }) {
  const rows: [string, string][] = [
    ['Duration', pluralize(c.reservationDuration, 'hour', undefined, String)],
    ['Hourly rate', money(c.hourlyRate)],
    ['Base amount', money(c.baseAmount)],
    [`Overage (${c.overageHours} h)`, money(c.overageAmount)],
    [`Refund (${c.refundHours} h)`, c.refundAmount > 0 ? `-${money(c.refundAmount)}` : money(0)],
    ['Subtotal', money(c.subtotal)],
  ];
  // R-MONEY-3: the tax rate and amount show when the rate is above 0.
  if (c.taxRate > 0) rows.push([`Tax (${formatPercent(c.taxRate)})`, money(c.taxAmount)]);
  rows.push(['Total', money(c.totalAmount)]);
  return (
    <Table.Root size="sm" aria-label={caption}>
      <Table.Body>
        {rows.map(([k, v]) => (
          <Table.Row key={k}>
            <Table.Cell fontWeight={k === 'Total' ? 'bold' : undefined}>{k}</Table.Cell>
            <Table.Cell textAlign="end" fontWeight={k === 'Total' ? 'bold' : undefined}>
              {v}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
