import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_TICKET_TYPES } from '../../../../shared/contract/service-models.js';
import { CloseIcon } from '../../components/icons.js';
import type { TicketTypeForm } from './serviceForm.js';

/**
 * R-SVC-13: a service's ticket types (Adult, Child...), each a name and its own price, added and removed
 * in place, 1 to MAX_TICKET_TYPES. With any, a booking counts tickets per type instead of participants.
 */
export function TicketTypesEditor({
  types,
  onChange,
}: {
  types: TicketTypeForm[];
  onChange: (t: TicketTypeForm[]) => void;
}) {
  const set = (i: number, patch: Partial<TicketTypeForm>) =>
    onChange(types.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <Stack gap="2" data-testid="ticket-types">
      <Text fontWeight="medium">Ticket types</Text>
      <Text fontSize="sm" color="fg.muted">
        Optional: tickets with their own prices (Adult, Child...). A booking then counts tickets instead of
        participants, and seasonal pricing does not change their prices.
      </Text>
      {types.map((t, i) => (
        <HStack key={t.id ?? i} align="flex-end" gap="2">
          <Field.Root flex="2" minW="0">
            <Field.Label>Ticket name</Field.Label>
            <Input
              value={t.name}
              maxLength={100}
              placeholder="Adult"
              onChange={(e) => set(i, { name: e.target.value })}
              aria-label={`Ticket type ${i + 1} name`}
            />
          </Field.Root>
          <Field.Root flex="1" minW="0">
            <Field.Label>Price ($)</Field.Label>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={t.rate}
              onChange={(e) => set(i, { rate: e.target.value })}
              aria-label={`Ticket type ${i + 1} price`}
            />
          </Field.Root>
          <IconButton
            aria-label={`Remove ticket type ${i + 1}`}
            variant="ghost"
            onClick={() => onChange(types.filter((_, j) => j !== i))}
          >
            <CloseIcon />
          </IconButton>
        </HStack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={types.length >= MAX_TICKET_TYPES}
        onClick={() => onChange([...types, { name: '', rate: '' }])}
      >
        Add ticket type
      </Button>
    </Stack>
  );
}
