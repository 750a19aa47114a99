import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { GatedRoute } from '../../../../shared/contract/route-needs.js';
import { NO_SHOW_LABEL, reservationStatusLabel } from '../../../../shared/domain/reservations.js';
import { EyeIcon, TrashIcon } from '../../components/icons.js';
import { STATUS_COLOUR } from './display.js';
import { isOverdue, rowActions, TEXT } from './rules.js';
import type { Reservation } from './types.js';

/** What the page does for a row's buttons (its dialogs and confirms). */
export interface RowHandlers {
  onDetails: (r: Reservation) => void;
  onReturn: (r: Reservation) => void;
  onCancel: (r: Reservation) => void;
  onDelete: (r: Reservation) => void;
}

/** What a table row and a phone card of the lists get. */
export type RowProps = {
  r: Reservation;
  zone: string;
  kind: 'ITEM' | 'SERVICE';
  handlers: RowHandlers;
  /** Whether the signed-in person may call a route (useMayCallFn): the row shows only what they may do. */
  mayCall: (route: GatedRoute) => boolean;
};

/** A row's buttons: Details always; Return, Cancel and Delete as rowActions allows (R-RES-1). */
export function Actions({ r, handlers, mayCall }: Omit<RowProps, 'zone' | 'kind'>) {
  const a = rowActions(r, mayCall);
  const label = r.reservationNumber;
  return (
    <HStack gap="1" wrap="wrap">
      <IconButton size="xs" variant="ghost" aria-label={`Details of ${label}`} onClick={() => handlers.onDetails(r)}>
        <EyeIcon />
      </IconButton>
      {a.processReturn && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          onClick={() => handlers.onReturn(r)}
          aria-label={`Process return of ${label}`}
        >
          Return
        </Button>
      )}
      {a.cancel && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="orange"
          onClick={() => handlers.onCancel(r)}
          aria-label={`Cancel ${label}`}
        >
          Cancel
        </Button>
      )}
      {a.delete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Delete ${label}`}
          onClick={() => handlers.onDelete(r)}
        >
          <TrashIcon />
        </IconButton>
      )}
    </HStack>
  );
}

/** The status badge, the no-show and overdue marks and the overdue warning. */
export function StatusCell({ r }: { r: Reservation }) {
  const overdue = isOverdue(r);
  return (
    <Stack gap="1">
      <HStack gap="1">
        <Badge colorPalette={STATUS_COLOUR[r.status] ?? 'gray'}>{reservationStatusLabel(r.status)}</Badge>
        {r.noShow && (
          <Badge colorPalette="orange" variant="solid">
            {NO_SHOW_LABEL}
          </Badge>
        )}
        {overdue && (
          <Badge colorPalette="red" variant="solid">
            OVERDUE
          </Badge>
        )}
      </HStack>
      {overdue && (
        <Text fontSize="xs" color="red.fg">
          {TEXT.overdue}
        </Text>
      )}
    </Stack>
  );
}
