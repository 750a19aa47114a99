import { Table, Text } from '@chakra-ui/react';
import { DateTimeLines } from './DateTimeLines.js';
import { bookedLabel, customerName, employeeName, hoursOf, participantsText } from './display.js';
import { isOverdue, phoneLast4 } from './rules.js';
import { Actions, type RowProps, StatusCell } from './RowParts.js';
import { LazyTrackingCells } from './LazyTrackingCells.js';

/** One reservation as a table row; service rows carry Paid?, Amount and Source. */
export function ReservationRow({ r, zone, kind, handlers, mayCall, serviceIds }: RowProps & { serviceIds: string[] }) {
  const overdue = isOverdue(r);
  const hours = hoursOf(r);
  return (
    <Table.Row data-reservation={r.reservationNumber} bg={overdue ? 'red.subtle' : undefined}>
      <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
        {r.reservationNumber}
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">{customerName(r)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {phoneLast4(r.customer?.phone)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Text>{bookedLabel(r)}</Text>
        {participantsText(r) && (
          <Text fontSize="xs" color="fg.muted">
            {participantsText(r)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <DateTimeLines iso={r.startTime} zone={zone} />
      </Table.Cell>
      <Table.Cell>{hours ?? '-'}</Table.Cell>
      <Table.Cell>
        <DateTimeLines iso={r.endTime} zone={zone} />
      </Table.Cell>
      <Table.Cell>
        {r.createdByEmployee
          ? employeeName(r.createdByEmployee)
          : r.source === 'PUBLIC_BOOKING'
            ? 'Public booking'
            : '-'}
      </Table.Cell>
      <Table.Cell>
        <StatusCell r={r} />
      </Table.Cell>
      {kind === 'SERVICE' && <LazyTrackingCells r={r} ids={serviceIds} />}
      <Table.Cell>
        <Actions r={r} handlers={handlers} mayCall={mayCall} />
      </Table.Cell>
    </Table.Row>
  );
}
