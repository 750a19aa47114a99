import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { TERMS_MAX } from '../../../../shared/domain/storefront.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { updateTerms, useTerms } from './api/index.js';
import { useCan } from './api/permissions.js';
import { ViewEditFrame } from './shared.js';
import { useDraft } from './useDraft.js';

const EMPTY = { rentalTerms: '', cancellationPolicy: '' };
type Terms = typeof EMPTY;
const FIELDS: { name: keyof Terms; label: string; placeholder: string }[] = [
  { name: 'rentalTerms', label: 'Rental terms', placeholder: 'e.g. Equipment is returned clean and on time.' },
  {
    name: 'cancellationPolicy',
    label: 'Cancellation policy',
    placeholder: 'e.g. Free cancellation up to 24 hours before.',
  },
];

/** Terms & Policies (R-SET-15): plain text a customer accepts before booking on the public page. */
export default function TermsPage() {
  const { data, error, isLoading, mutate } = useTerms();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data ?? EMPTY;
  const edit = useDraft(saved, {
    same: (x, y) => x.rentalTerms === y.rentalTerms && x.cancellationPolicy === y.cancellationPolicy,
    send: async (d) => {
      await mutate((await updateTerms(d)).data, { revalidate: false });
    },
    success: 'Terms & policies saved',
    failure: 'Failed to save the terms. Please try again.',
  });
  const { draft, setDraft, dirty, confirmDialog } = edit;

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved terms; showing none.' : null;

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Terms & Policies"
        subtitle="Shown on your public booking page; customers accept them before booking"
        canEdit={canEdit}
        loadFailed={loadFailed}
        {...edit.frame}
      >
        <Stack gap="5">
          {FIELDS.map((f) =>
            draft ? (
              <Field.Root key={f.name}>
                <Field.Label>{f.label}</Field.Label>
                <Textarea
                  rows={6}
                  value={draft[f.name]}
                  maxLength={TERMS_MAX}
                  placeholder={f.placeholder}
                  onChange={(e) => setDraft({ ...draft, [f.name]: e.currentTarget.value })}
                />
                <Field.HelperText>
                  Plain text, {draft[f.name].length} of {TERMS_MAX.toLocaleString('en-US')} characters
                </Field.HelperText>
              </Field.Root>
            ) : (
              <Stack key={f.name} gap="0.5" data-testid={`terms-${f.name}`}>
                <Text fontSize="sm" color="fg.muted">
                  {f.label}
                </Text>
                {saved[f.name] ? (
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {saved[f.name]}
                  </Text>
                ) : (
                  <Text color="fg.muted">Not set</Text>
                )}
              </Stack>
            ),
          )}
          <Text fontSize="sm" color="fg.muted">
            When either is set, the booking form shows them before Book and asks the customer to tick “I accept”.
          </Text>
        </Stack>
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}
