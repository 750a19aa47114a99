import { Box, Checkbox, HStack, Input, NativeSelect, Table } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { roundDollars } from '../../../../shared/domain/money.js';
import { useSaveTracking, useTracking } from './api/index.js';
import { PAYMENT_SOURCES } from './rules.js';
import type { Reservation, Tracking } from './types.js';

/** Paid?, Amount, Source of a service row (R-RES-9): saved on change; a failed save is only logged. */
export function TrackingCells({ r, ids, asCard }: { r: Reservation; ids: string[]; asCard?: boolean }) {
  const tracking = useTracking(ids);
  const server: Tracking = tracking.data?.[r.id] ?? {
    isPaid: r.isPaid,
    amount: r.paidAmount,
    source: (r.paidSource as Tracking['source']) ?? null,
  };
  const [local, setLocal] = useState<Tracking | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const saveTracking = useSaveTracking(r.id);
  // One save at a time, in the order they were made: each carries the whole row, so two in flight
  // could land out of order and the older one (say, the amount before "Paid" was ticked) would win.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const t = local ?? server;
  const save = (next: Tracking) => {
    setLocal(next);
    // A failed save is toasted (useSaveTracking); the row falls back to what the server holds.
    saving.current = saving.current.then(() => saveTracking(next)).catch(() => setLocal(null));
  };
  const amountText = amount ?? (t.amount === null || t.amount === undefined ? '' : String(t.amount));
  const commitAmount = () => {
    if (amount === null) return;
    const n = amount.trim() === '' ? null : Number(amount);
    setAmount(null);
    if (n !== null && (!Number.isFinite(n) || n < 0)) return;
    if (n !== t.amount) save({ ...t, amount: n === null ? null : roundDollars(n) });
  };
  const label = r.reservationNumber;
  const paid = (
    <Checkbox.Root size="sm" checked={t.isPaid} onCheckedChange={(e) => save({ ...t, isPaid: !!e.checked })}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      {/* The input's aria-labelledby names this label (docs/decisions/0020-accessibility-checked-by-axe.md): "Paid" on a card, "Paid RES-…" to a reader. */}
      <Checkbox.Label srOnly={!asCard}>
        Paid
        <Box as="span" srOnly>{` ${label}`}</Box>
      </Checkbox.Label>
    </Checkbox.Root>
  );
  const amountInput = (
    <Input
      size="xs"
      width="20"
      type="number"
      step="0.01"
      min="0"
      inputMode="decimal"
      aria-label={`Amount ${label}`}
      value={amountText}
      onChange={(e) => setAmount(e.target.value)}
      onBlur={commitAmount}
      onKeyDown={(e) => e.key === 'Enter' && commitAmount()}
    />
  );
  const source = (
    <NativeSelect.Root size="xs" width="28">
      <NativeSelect.Field
        aria-label={`Source ${label}`}
        value={t.source ?? ''}
        onChange={(e) => save({ ...t, source: (e.target.value || null) as Tracking['source'] })}
      >
        <option value="">-</option>
        {PAYMENT_SOURCES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (asCard)
    return (
      <HStack gap="3" wrap="wrap">
        {paid}
        {amountInput}
        {source}
      </HStack>
    );
  return (
    <>
      <Table.Cell>{paid}</Table.Cell>
      <Table.Cell>{amountInput}</Table.Cell>
      <Table.Cell>{source}</Table.Cell>
    </>
  );
}
