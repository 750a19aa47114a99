import { Alert, Box, Checkbox, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { formatCents, fromCents } from '../../../../shared/domain/money.js';
import { localDateTimeOf } from '../../../../shared/domain/time.js';
import { errorMessage } from '../../api/client.js';
import { DialogFrame } from '../../components/DialogFrame.js';
import { latestReturn, MIN_RETURN_AFTER_START_MS } from '../../../../shared/domain/reservations.js';
import { useProcessReturn, useTaxRate } from './api/index.js';
import { ChargesTable } from './ChargesTable.js';
import { previewCharges, returnInput } from './returnForm.js';
import { localToInstant } from './createForm.js';
import { bookedLabel, customerName, fmtDateTime, usePageZone } from './display.js';
import {
  amountLocked,
  EMPTY_REFUND,
  hoursLocked,
  REFUND_HOURS_MAX,
  REFUND_HOURS_STEP,
  refundReducer,
  type ReturnCheck,
  validateReturn,
} from './refundRules.js';
import { RELOAD_AFTER_RETURN_MS, TEXT } from './rules.js';
import type { Charges, Reservation } from './types.js';

/** "Process Return" (R-SET-3 return form, §4, §5): return time, refund by hours or amount, cash or credit, the charges. */
export function ReturnDialog({ reservation, onClose }: { reservation: Reservation | null; onClose: () => void }) {
  const open = !!reservation;
  const zone = usePageZone();
  const tax = useTaxRate(open);
  const [returnLocal, setReturnLocal] = useState('');
  const [notes, setNotes] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const [errors, setErrors] = useState<ReturnCheck>({});
  const [failure, setFailure] = useState<string | null>(null);
  const processing = useProcessReturn({
    success: (res) => res.message || 'Return processed successfully',
    failure: TEXT.returnFailed,
  });
  const [done, setDone] = useState<Charges | null>(null);
  // The reload must not fire into a page that has gone away (its cache is gone with it).
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const initialLocal = useRef('');
  const r = reservation;

  const ctx = useMemo(() => {
    if (!r) return { hourlyRateCents: 0, totalCents: 0 };
    const p = previewCharges(r, localToInstant(returnLocal, zone)?.getTime() ?? NaN, EMPTY_REFUND, 0);
    return { hourlyRateCents: p.rateCents, totalCents: p.capCents };
  }, [r, returnLocal, zone]);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  const [refund, dispatch] = useReducer(
    (s: typeof EMPTY_REFUND, e: Parameters<ReturnType<typeof refundReducer>>[1]) => refundReducer(ctxRef.current)(s, e),
    EMPTY_REFUND,
  );

  useEffect(() => {
    if (!r) return;
    // Now, unless the reservation has not started yet: then its scheduled end.
    const started = Date.parse(r.startTime) + 5 * 60_000 <= Date.now();
    const initial = localDateTimeOf(started ? Date.now() : Date.parse(r.endTime), zone);
    initialLocal.current = initial;
    setReturnLocal(initial);
    setNotes('');
    setPaymentId('');
    setErrors({});
    setFailure(null);
    setDone(null);
    dispatch({ type: 'reset' });
  }, [r, zone]);

  // A changed return time (so overage, so the cap) re-derives an hours-based refund.
  useEffect(() => dispatch({ type: 'rederive' }), [ctx.totalCents, ctx.hourlyRateCents]);

  if (!r) return null;
  const returnAt = localToInstant(returnLocal, zone)?.getTime() ?? NaN;
  const startAt = Date.parse(r.startTime);
  const preview = previewCharges(r, returnAt, refund, tax.data ?? 0);
  const pc = preview.charges;
  const previewWire: Charges = {
    reservationDuration: r.reservationDuration,
    baseAmount: fromCents(pc.baseCents),
    overageHours: pc.overageHours,
    overageAmount: fromCents(pc.overageCents),
    refundHours: refund.manualEntry === 'hours' ? Number(refund.hours) || 0 : 0,
    refundAmount: fromCents(pc.refundCents),
    hourlyRate: fromCents(preview.rateCents),
    subtotal: fromCents(pc.subtotalCents),
    taxRate: pc.taxRate,
    taxAmount: fromCents(pc.taxCents),
    totalAmount: fromCents(pc.totalCents),
  };
  const dirty =
    !done &&
    (returnLocal !== initialLocal.current ||
      notes !== '' ||
      paymentId !== '' ||
      refund.manualEntry !== 'none' ||
      refund.cash ||
      refund.credit);

  const checkNow = () =>
    validateReturn({
      returnAt,
      startAt,
      now: Date.now(),
      refund,
      hourlyRateCents: preview.rateCents,
      capCents: preview.capCents,
      zone,
    });
  // A message shown on submit goes as soon as its field is right (docs/decisions/0024-words-and-states.md); new ones wait for submit.
  const live: ReturnCheck = errors.returnTime || errors.refund ? checkNow() : {};
  const shown: ReturnCheck = {
    returnTime: errors.returnTime && live.returnTime,
    refund: errors.refund && live.refund,
  };

  async function submit() {
    if (!r) return;
    const check = checkNow();
    setErrors(check);
    if (check.returnTime || check.refund) return;
    setFailure(null);
    const res = await processing.run(r.id, returnInput({ returnAt, notes, refund, paymentId }));
    if (!res.ok) {
      setFailure(errorMessage(res.error, TEXT.returnFailed));
      return;
    }
    setDone(res.value.charges);
    // R-RES-5: the reservation and items reload after about a second.
    reloadTimer.current = setTimeout(processing.reload, RELOAD_AFTER_RETURN_MS);
  }

  // The same frame shows the server's charges once done (a second dialog would take the submit
  // click as a click outside itself and close at once).
  if (done) {
    return (
      <DialogFrame
        open
        title="Return processed"
        dirty={false}
        saving={false}
        submitLabel="Close"
        noCancel
        onSubmit={onClose}
        onClose={onClose}
      >
        <Stack gap="3">
          <Text>
            {r.reservationNumber} · {customerName(r)} · {bookedLabel(r)}
          </Text>
          <ChargesTable c={done} caption="Charges" />
        </Stack>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      open
      title="Process Return"
      dirty={dirty}
      saving={processing.busy}
      submitLabel="Process Return"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="4">
        <Box fontSize="sm" bg="bg.muted" p="3" borderRadius="l2">
          <Text fontWeight="medium">
            {r.reservationNumber} · {customerName(r)}
          </Text>
          <Text>{bookedLabel(r)}</Text>
          <Text color="fg.muted">
            {fmtDateTime(r.startTime, zone)} → {fmtDateTime(r.endTime, zone)} ({r.reservationDuration} h)
          </Text>
        </Box>
        <Field.Root required invalid={!!shown.returnTime}>
          <Field.Label>
            Actual return time
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="datetime-local"
            min={Number.isFinite(startAt) ? localDateTimeOf(startAt + MIN_RETURN_AFTER_START_MS, zone) : undefined}
            max={localDateTimeOf(latestReturn(Date.now()), zone)}
            value={returnLocal}
            onChange={(e) => setReturnLocal(e.target.value)}
          />
          {!shown.returnTime && <Field.HelperText>Times are in {zone}</Field.HelperText>}
          <Field.ErrorText>{shown.returnTime}</Field.ErrorText>
        </Field.Root>

        <Stack gap="2">
          <Text fontWeight="semibold">Refund</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root disabled={hoursLocked(refund)}>
              <Field.Label>Refund hours</Field.Label>
              <Input
                type="number"
                step={REFUND_HOURS_STEP}
                min={0}
                max={REFUND_HOURS_MAX}
                inputMode="decimal"
                value={refund.hours}
                onChange={(e) => dispatch({ type: 'hours', value: e.target.value })}
              />
              <Field.HelperText>
                {hoursLocked(refund)
                  ? 'Locked: an amount was entered'
                  : `Hours × ${formatCents(preview.rateCents)}/hour`}
              </Field.HelperText>
            </Field.Root>
            <Field.Root disabled={amountLocked(refund)}>
              <Field.Label>Refund amount ($)</Field.Label>
              <Input
                type="number"
                step="0.01"
                min={0}
                max={fromCents(preview.capCents)}
                inputMode="decimal"
                value={refund.amount}
                onChange={(e) => dispatch({ type: 'amount', value: e.target.value })}
              />
              <Field.HelperText>
                {amountLocked(refund) ? 'Locked: computed from the hours' : `At most ${formatCents(preview.capCents)}`}
              </Field.HelperText>
            </Field.Root>
          </SimpleGrid>
          <HStack gap="5">
            <Checkbox.Root
              checked={refund.cash}
              onCheckedChange={(e) => dispatch({ type: 'cash', checked: !!e.checked })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Cash</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root
              checked={refund.credit}
              onCheckedChange={(e) => dispatch({ type: 'credit', checked: !!e.checked })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Credit</Checkbox.Label>
            </Checkbox.Root>
          </HStack>
          {shown.refund && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {shown.refund}
            </Text>
          )}
          <Field.Root>
            <Field.Label>Refund payment ID</Field.Label>
            <Input value={paymentId} onChange={(e) => setPaymentId(e.target.value)} autoComplete="off" />
          </Field.Root>
        </Stack>

        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field.Root>

        <Stack gap="1">
          <Text fontWeight="semibold">Charges preview</Text>
          <ChargesTable c={previewWire} caption="Charges preview" />
          <Text fontSize="xs" color="fg.muted">
            The server computes the final charges with the same rules.
          </Text>
        </Stack>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
