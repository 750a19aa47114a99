import { Alert, Checkbox, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  PAYMENT_INSTRUCTIONS_MAX,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../shared/domain/storefront.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { updatePayments, usePayments } from './api/index.js';
import { useCan } from './api/permissions.js';
import { ViewEditFrame } from './shared.js';
import { useDraft } from './useDraft.js';

type Payments = { paymentMethods: PaymentMethod[]; paymentInstructions: string };
const EMPTY: Payments = { paymentMethods: [], paymentInstructions: '' };
const same = (a: Payments, b: Payments) =>
  a.paymentInstructions === b.paymentInstructions && a.paymentMethods.join() === b.paymentMethods.join();

/** Payments (R-SET-17): how customers pay in person, shown on the public booking confirmation. No online payments. */
export default function PaymentsPage() {
  const { data, error, isLoading, mutate } = usePayments();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved: Payments = data ?? EMPTY;
  const edit = useDraft(saved, {
    same,
    send: async (d) => {
      await mutate((await updatePayments(d)).data, { revalidate: false });
    },
    success: 'Payment settings saved',
    failure: 'Failed to save the payment settings. Please try again.',
  });
  const { draft, setDraft, dirty, confirmDialog } = edit;

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved payment settings; showing none.' : null;

  const toggle = (m: PaymentMethod, on: boolean) =>
    setDraft((d) => {
      const cur = d ?? saved;
      const set = new Set(cur.paymentMethods);
      if (on) set.add(m);
      else set.delete(m);
      return { ...cur, paymentMethods: PAYMENT_METHODS.filter((x) => set.has(x)) };
    });

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Payments"
        subtitle="How customers pay you"
        canEdit={canEdit}
        loadFailed={loadFailed}
        {...edit.frame}
      >
        <Stack gap="5">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              Payments are not taken online: customers pay you directly. What you choose here is shown on the booking
              confirmation of your public page.
            </Alert.Description>
          </Alert.Root>
          {draft ? (
            <>
              <Stack gap="2" role="group" aria-label="Accepted payment methods">
                <Text fontWeight="medium">Accepted payment methods</Text>
                {PAYMENT_METHODS.map((m) => (
                  <Checkbox.Root
                    key={m}
                    checked={draft.paymentMethods.includes(m)}
                    onCheckedChange={(e) => toggle(m, e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{PAYMENT_METHOD_LABELS[m]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
              <Field.Root>
                <Field.Label>Payment instructions</Field.Label>
                <Textarea
                  rows={4}
                  value={draft.paymentInstructions}
                  maxLength={PAYMENT_INSTRUCTIONS_MAX}
                  placeholder="e.g. Pay at the front desk when you pick up your equipment."
                  onChange={(e) => {
                    // Functional: a checkbox's change may not have rendered yet (its state machine answers later).
                    const paymentInstructions = e.currentTarget.value;
                    setDraft((d) => ({ ...(d ?? saved), paymentInstructions }));
                  }}
                />
                <Field.HelperText>
                  Plain text, {draft.paymentInstructions.length} of {PAYMENT_INSTRUCTIONS_MAX.toLocaleString('en-US')}{' '}
                  characters
                </Field.HelperText>
              </Field.Root>
            </>
          ) : (
            <>
              <Stack gap="0.5" data-testid="payments-methods">
                <Text fontSize="sm" color="fg.muted">
                  Accepted payment methods
                </Text>
                {saved.paymentMethods.length ? (
                  <Text fontWeight="medium">
                    {saved.paymentMethods.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}
                  </Text>
                ) : (
                  <Text color="fg.muted">Not set</Text>
                )}
              </Stack>
              <Stack gap="0.5" data-testid="payments-instructions">
                <Text fontSize="sm" color="fg.muted">
                  Payment instructions
                </Text>
                {saved.paymentInstructions ? (
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {saved.paymentInstructions}
                  </Text>
                ) : (
                  <Text color="fg.muted">Not set</Text>
                )}
              </Stack>
            </>
          )}
        </Stack>
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}
