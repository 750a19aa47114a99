import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { TERMS_MAX } from '../../../../shared/domain/storefront.js';
import { errorMessage } from '../../api/client.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { updateTerms, useTerms } from './api/index.js';
import { useCan } from './api/permissions.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';
import { useConfirm } from '../../components/useConfirm.js';

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
  const [draft, setDraft] = useState<Terms | null>(null);
  const [saving, setSaving] = useState(false);
  const { confirm, confirmDialog } = useConfirm();

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved terms; showing none.' : null;
  const dirty =
    !!draft && (draft.rentalTerms !== saved.rentalTerms || draft.cancellationPolicy !== saved.cancellationPolicy);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const res = await updateTerms(draft);
      await mutate(res.data, { revalidate: false });
      setDraft(null);
      notify.success('Terms & policies saved');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to save the terms. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Terms & Policies"
        subtitle="Shown on your public booking page; customers accept them before booking"
        editing={!!draft}
        canEdit={canEdit}
        dirty={dirty}
        saving={saving}
        loadFailed={loadFailed}
        onEdit={() => setDraft(saved)}
        onCancel={async () => {
          if (dirty && !(await confirm({ title: 'Discard changes?', message: CANCEL_QUESTION, destructive: true })))
            return;
          setDraft(null);
        }}
        onSave={() => void save()}
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
