import { Box, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ACCENT_COLOR, ACCENT_COLOR_MESSAGE } from '../../../../shared/domain/storefront.js';
import { errorMessage } from '../../api/client.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { updateBranding, useBranding } from './api/index.js';
import { useCan } from './api/permissions.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';

function Swatch({ color }: { color: string }) {
  return <Box aria-hidden w="8" h="8" flexShrink={0} borderRadius="md" borderWidth="1px" bg={color} />;
}

/** Branding & Appearance (R-SET-16): the accent colour of the public booking page's header. No logo yet. */
export default function BrandingPage() {
  const { data, error, isLoading, mutate } = useBranding();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data?.accentColor ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { confirm, confirmDialog } = useConfirm();

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved branding; showing the defaults.' : null;
  const value = draft?.trim() ?? '';
  const invalid = draft !== null && !ACCENT_COLOR.test(value);
  const dirty = draft !== null && value !== saved;

  const save = async () => {
    if (draft === null || invalid) return;
    setSaving(true);
    try {
      const res = await updateBranding({ accentColor: value });
      await mutate(res.data, { revalidate: false });
      setDraft(null);
      notify.success('Branding saved');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to save the branding. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Branding & Appearance"
        subtitle="How your public booking page looks"
        editing={draft !== null}
        canEdit={canEdit}
        dirty={dirty && !invalid}
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
        <Stack gap="4">
          {draft !== null ? (
            <Field.Root invalid={invalid}>
              <Field.Label>Accent colour</Field.Label>
              <HStack gap="3" w="full">
                <input
                  type="color"
                  aria-label="Pick the accent colour"
                  value={ACCENT_COLOR.test(value) && value ? value : '#000000'}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                  style={{ width: '2.5rem', height: '2.5rem', flexShrink: 0 }}
                />
                <Input
                  value={draft}
                  maxLength={7}
                  placeholder="#1A73E8"
                  onChange={(e) => setDraft(e.currentTarget.value)}
                />
              </HStack>
              <Field.HelperText>A hex colour such as #1A73E8; leave empty for the standard colours.</Field.HelperText>
              <Field.ErrorText>{ACCENT_COLOR_MESSAGE}</Field.ErrorText>
            </Field.Root>
          ) : (
            <Stack gap="0.5" data-testid="branding-accentColor">
              <Text fontSize="sm" color="fg.muted">
                Accent colour
              </Text>
              {saved ? (
                <HStack>
                  <Swatch color={saved} />
                  <Text fontWeight="medium">{saved}</Text>
                </HStack>
              ) : (
                <Text color="fg.muted">Not set (standard colours)</Text>
              )}
            </Stack>
          )}
          <Text fontSize="sm" color="fg.muted">
            The colour marks the header of your public booking page. A logo cannot be uploaded yet.
          </Text>
        </Stack>
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}
