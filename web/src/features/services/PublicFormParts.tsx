import {
  Box,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ComponentPropsWithRef, FormEvent, ReactNode } from 'react';
import { fromCents } from '../../../../shared/domain/money.js';
import { clampParticipants } from '../../../../shared/domain/party.js';
import { formatUsd } from '../../../../shared/domain/pricing.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';

/**
 * What the share page's two forms have alike (R-BOOK-3 booking, R-SVC-8 waitlist): the dialog around
 * the form, the customer's contact fields and the participants select. Each form keeps its own state
 * and answer; the fields, messages and limits are the booking form's (publicBooking.ts).
 */

export function PublicFormDialog({
  label,
  title,
  slotText,
  slotTestId,
  onClose,
  onSubmit,
  footer,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  title: string;
  slotText: string;
  slotTestId: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={DIALOG_SIZE}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* As the staff forms' frame (components/DialogFrame.tsx): full screen on phones, a card that
              grows with its form from sm up (not a white column to the bottom of the window). */}
          <Dialog.Content
            h={{ base: 'auto', sm: 'auto' }}
            minH={{ base: '100dvh', sm: 'auto' }}
            maxH={{ base: '100dvh', sm: 'calc(100dvh - 4rem)' }}
          >
            {/* display: contents, so the header, body and footer are the dialog's own rows and the body scrolls inside. */}
            <form onSubmit={onSubmit} noValidate aria-label={label} style={{ display: 'contents' }}>
              <Dialog.Header>
                <Stack gap="0">
                  <Dialog.Title>{title}</Dialog.Title>
                  <Text fontSize="sm" color="fg.muted" data-testid={slotTestId}>
                    {slotText}
                  </Text>
                </Stack>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export type ContactField = 'firstName' | 'lastName' | 'phone' | 'email';

const CONTACT_FIELDS: { key: ContactField; label: string; type: string }[] = [
  { key: 'firstName', label: 'First name', type: 'text' },
  { key: 'lastName', label: 'Last name', type: 'text' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'email', label: 'Email', type: 'email' },
];

/**
 * First and last name, phone and e-mail, all required, each with its message. `input` wires each field
 * to its form (react-hook-form's `register` for the booking, plain state for the waitlist).
 */
export function ContactFields({
  errors,
  input,
}: {
  errors: Partial<Record<ContactField, string | undefined>>;
  input: (key: ContactField) => Pick<ComponentPropsWithRef<'input'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
      {CONTACT_FIELDS.map(({ key, label, type }) => (
        <Field.Root key={key} required invalid={!!errors[key]}>
          <Field.Label>
            {label} <Field.RequiredIndicator />
          </Field.Label>
          <Input type={type} {...input(key)} />
          <Field.ErrorText>{errors[key]}</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}

/** 1 to `limit` participants (a per-person service's party). */
export function ParticipantsSelect({
  value,
  limit,
  onChange,
}: {
  value: number;
  limit: number;
  onChange: (count: number) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>Participants</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="participantCount"
          value={String(value)}
          onChange={(e) => onChange(clampParticipants(e.target.value, limit))}
        >
          {Array.from({ length: limit }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * R-SVC-13: a count per ticket type (0 to what is left of `limit`), each with its line total; the tickets
 * together are the party.
 */
export function TicketCounts({
  types,
  counts,
  lines,
  limit,
  error,
  onChange,
}: {
  types: readonly { id?: string; name: string; rate: number }[];
  counts: Record<string, number>;
  lines: readonly { typeId: string; amountCents: number }[];
  limit: number;
  error?: string;
  onChange: (counts: Record<string, number>) => void;
}) {
  const used = Object.values(counts).reduce((n, c) => n + c, 0);
  return (
    <Stack gap="2" data-testid="ticket-counts">
      {types.map((t) => {
        const id = t.id ?? t.name;
        const own = counts[id] ?? 0;
        const line = lines.find((l) => l.typeId === id);
        return (
          <HStack key={id} justify="space-between" gap="3">
            <Field.Root flex="1" minW="0">
              <Field.Label>
                {t.name} ({formatUsd(t.rate)})
              </Field.Label>
              <NativeSelect.Root maxW="24">
                <NativeSelect.Field
                  name={`tickets.${id}`}
                  value={String(own)}
                  onChange={(e) => onChange({ ...counts, [id]: Number(e.target.value) })}
                >
                  {Array.from({ length: Math.max(0, limit - used + own) + 1 }, (_, i) => i).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Text fontSize="sm" data-testid="ticket-line-total">
              {formatUsd(fromCents(line?.amountCents ?? 0))}
            </Text>
          </HStack>
        );
      })}
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** R-SET-15: the store's terms, read before Book, and the required "I accept" tick. */
export function TermsAcceptance({
  terms,
  accepted,
  error,
  onChange,
}: {
  terms: { rentalTerms: string; cancellationPolicy: string };
  accepted: boolean;
  error: string | null;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <Stack gap="2" data-testid="booking-terms">
      <Box
        maxH="40"
        overflowY="auto"
        borderWidth="1px"
        rounded="md"
        p="3"
        fontSize="sm"
        tabIndex={0}
        aria-label="Rental terms and cancellation policy"
      >
        {terms.rentalTerms && (
          <>
            <Text fontWeight="semibold">Rental terms</Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mb="2">
              {terms.rentalTerms}
            </Text>
          </>
        )}
        {terms.cancellationPolicy && (
          <>
            <Text fontWeight="semibold">Cancellation policy</Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {terms.cancellationPolicy}
            </Text>
          </>
        )}
      </Box>
      <Checkbox.Root checked={accepted} invalid={!!error} onCheckedChange={(e) => onChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>I accept the rental terms and cancellation policy</Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
