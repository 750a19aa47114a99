import { Alert, Box, Checkbox, Field, HStack, Input, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { formatCents, fromCents, toCents } from '../../../../shared/domain/money.js';
import {
  computeCharges,
  hourlyRateCents,
  hoursBetween,
  MIN_RETURN_AFTER_START_MS,
} from '../../../../shared/domain/pricing.js';
import { localDateTimeOf } from '../../../../shared/domain/time.js';
import { errorMessage } from '../../api/client.js';
import { DialogFrame } from '../../components/DialogFrame.js';
import { pluralize } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { latestReturn } from '../../../../shared/domain/reservations.js';
import { reservationsApi, useTaxRate } from './api/index.js';
import { localToInstant } from './createForm.js';
import { bookedLabel, customerName, fmtDateTime, money, usePageZone } from './display.js';
import {
  amountLocked,
  EMPTY_REFUND,
  hoursLocked,
  refundCents,
  refundFromHours,
  refundReducer,
  RELOAD_AFTER_RETURN_MS,
  REFUND_HOURS_MAX,
  REFUND_HOURS_STEP,
  TEXT,
  validateReturn,
  type ReturnCheck,
} from './rules.js';
import type { Charges, Reservation } from './types.js';
import { useSubmissionKey } from '../../api/submission-key.js';

/** The figures the dialog previews, with the server's own functions (the server decides). */
export function previewCharges(r: Reservation, returnAt: number, entry: typeof EMPTY_REFUND, orgTaxRate: number) {
  const rate = hourlyRateCents({
    rateAtBooking: r.hourlyRateAtBooking,
    itemHourlyRate: r.inventoryItem?.hourlyRate,
    serviceRate: r.service?.rate,
  });
  const baseCents = toCents(r.baseAmount);
  const end = Date.parse(r.endTime);
  const overageHours = Number.isFinite(returnAt) && Number.isFinite(end) ? Math.max(0, hoursBetween(end, returnAt)) : 0;
  const cap = computeCharges({
    baseCents,
    hasService: !!r.serviceId,
    hourlyRateCents: rate,
    overageHours,
  }).subtotalCents;
  const refund = entry.manualEntry === 'hours' ? refundFromHours(Number(entry.hours), rate, cap) : refundCents(entry);
  const taxRate = r.taxRate > 0 ? r.taxRate : orgTaxRate;
  const c = computeCharges({
    baseCents,
    hasService: !!r.serviceId,
    hourlyRateCents: rate,
    overageHours,
    refundCents: Math.min(refund, cap),
    taxRate,
  });
  return { rateCents: rate, capCents: cap, charges: c };
}

function ChargesTable({ c, caption }: { c: Charges; caption: string }) {
  const rows: [string, string][] = [
    ['Duration', pluralize(c.reservationDuration, 'hour', undefined, String)],
    ['Hourly rate', money(c.hourlyRate)],
    ['Base amount', money(c.baseAmount)],
    [`Overage (${c.overageHours} h)`, money(c.overageAmount)],
    [`Refund (${c.refundHours} h)`, c.refundAmount > 0 ? `-${money(c.refundAmount)}` : money(0)],
    ['Subtotal', money(c.subtotal)],
  ];
  // R-MONEY-3: the tax rate and amount show when the rate is above 0.
  if (c.taxRate > 0) rows.push([`Tax (${c.taxRate}%)`, money(c.taxAmount)]);
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

/** "Process Return" (R-SET-3 return form, §4, §5): return time, refund by hours or amount, cash or credit, the charges. */
export function ReturnDialog({
  reservation,
  onClose,
  onReturned,
}: {
  reservation: Reservation | null;
  onClose: () => void;
  onReturned: () => void;
}) {
  const open = !!reservation;
  const zone = usePageZone();
  const tax = useTaxRate(open);
  const [returnLocal, setReturnLocal] = useState('');
  const [notes, setNotes] = useState('');
  const submission = useSubmissionKey();
  const [paymentId, setPaymentId] = useState('');
  const [errors, setErrors] = useState<ReturnCheck>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
  // A message shown on submit goes as soon as its field is right (docs/decisions/words-and-states.md); new ones wait for submit.
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
    setSaving(true);
    setFailure(null);
    try {
      const res = await submission.send([r.id, returnAt, notes, refund, paymentId], (key) =>
        reservationsApi.processReturn(
          r.id,
          {
            actualReturnTime: new Date(returnAt).toISOString(),
            notes: notes.trim() || null,
            refund:
              refund.manualEntry === 'none' && !refund.cash && !refund.credit && !paymentId.trim()
                ? null
                : {
                    hours: refund.manualEntry === 'hours' ? Number(refund.hours) : null,
                    amount:
                      refund.manualEntry === 'amount'
                        ? Number(refund.amount)
                        : refund.manualEntry === 'hours'
                          ? Number(refund.amount)
                          : null,
                    paymentId: paymentId.trim() || null,
                    cash: refund.cash,
                    credit: refund.credit,
                    manualEntry: refund.manualEntry,
                  },
          },
          key,
        ),
      );
      setDone(res.charges);
      notify.success(res.message || 'Return processed successfully');
      // R-RES-5: the reservation and items reload after about a second.
      reloadTimer.current = setTimeout(onReturned, RELOAD_AFTER_RETURN_MS);
    } catch (e) {
      const m = errorMessage(e, TEXT.returnFailed);
      setFailure(m);
      notify.error(m);
    } finally {
      setSaving(false);
    }
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
      saving={saving}
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
