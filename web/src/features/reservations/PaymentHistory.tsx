import { Table, Text } from '@chakra-ui/react';
import { paymentTypeLabel } from '../../../../shared/domain/reservations.js';
import { employeeName, fmtDateTime, money } from './display.js';
import type { ReservationDetail } from './types.js';

/** The details dialog's payment history: deposits, charges and refunds as the server recorded them (R-RES-1). */
export function PaymentHistory({ payments, zone }: { payments: ReservationDetail['payments']; zone: string }) {
  if (payments.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No payments recorded.
      </Text>
    );
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="Payment history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Method</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payments.map((p) => (
            <Table.Row key={p.id}>
              <Table.Cell whiteSpace="nowrap">{fmtDateTime(p.paymentDate, zone)}</Table.Cell>
              <Table.Cell>{paymentTypeLabel(p.paymentType)}</Table.Cell>
              <Table.Cell>
                {p.method ?? '-'}
                {p.paymentId ? ` · ${p.paymentId}` : ''}
              </Table.Cell>
              <Table.Cell textAlign="end" color={p.amount < 0 ? 'red.fg' : undefined}>
                {p.amount < 0 ? `-${money(-p.amount)}` : money(p.amount)}
              </Table.Cell>
              <Table.Cell>{employeeName(p.employee)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
