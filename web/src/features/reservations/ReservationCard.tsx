import { Box, Card, HStack, Text } from '@chakra-ui/react';
import { bookedLabel, customerName, fmtDateTime, hoursOf, money, participantsText } from './display.js';
import { phoneLast4, isOverdue } from './rules.js';
import { Actions, type RowProps, StatusCell } from './RowParts.js';
import { LazyTrackingCells } from './LazyTrackingCells.js';

/** A reservation as a card on a phone (the table's columns do not fit 375 px). */
export function ReservationCard({ r, zone, kind, handlers, mayCall, serviceIds }: RowProps & { serviceIds: string[] }) {
  const overdue = isOverdue(r);
  const hours = hoursOf(r);
  return (
    <Card.Root
      size="sm"
      data-reservation={r.reservationNumber}
      bg={overdue ? 'red.subtle' : undefined}
      borderColor={overdue ? 'red.muted' : undefined}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="start">
          <Box>
            <Text fontWeight="semibold">{customerName(r)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {r.reservationNumber} · {phoneLast4(r.customer?.phone)}
            </Text>
          </Box>
          <StatusCell r={r} />
        </HStack>
        <Text fontSize="sm">{[bookedLabel(r), participantsText(r)].filter(Boolean).join(' · ')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {fmtDateTime(r.startTime, zone)} → {fmtDateTime(r.endTime, zone)}
          {hours ? ` · ${hours} h` : ''}
        </Text>
        <Text fontSize="sm">Total {money(r.totalAmount)}</Text>
        {kind === 'SERVICE' && <LazyTrackingCells r={r} ids={serviceIds} asCard />}
        <Actions r={r} handlers={handlers} mayCall={mayCall} />
      </Card.Body>
    </Card.Root>
  );
}
