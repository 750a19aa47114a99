import { Box, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ACCENT_COLOR, ACCENT_COLOR_MESSAGE } from '../../../../shared/domain/storefront.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { updateBranding, useBranding } from './api/index.js';
import { useCan } from './api/permissions.js';
import { ViewEditFrame } from './shared.js';
import { useDraft } from './useDraft.js';

function Swatch({ color }: { color: string }) {
  return <Box aria-hidden w="8" h="8" flexShrink={0} borderRadius="md" borderWidth="1px" bg={color} />;
}

/** Branding & Appearance (R-SET-16): the accent colour of the public booking page's header. No logo yet. */
export default function BrandingPage() {
  const { data, error, isLoading, mutate } = useBranding();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data?.accentColor ?? '';
  const edit = useDraft(saved, {
    same: (x, y) => x.trim() === y,
    valid: (d) => ACCENT_COLOR.test(d.trim()),
    send: async (d) => {
      await mutate((await updateBranding({ accentColor: d.trim() })).data, { revalidate: false });
    },
    success: 'Branding saved',
    failure: 'Failed to save the branding. Please try again.',
  });
  const { draft, setDraft, dirty, confirmDialog } = edit;

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved branding; showing the defaults.' : null;
  const value = draft?.trim() ?? '';
  const invalid = draft !== null && !ACCENT_COLOR.test(value);

  return (
    <>
      <UnsavedChangesGuard when={dirty} />
      <ViewEditFrame
        title="Branding & Appearance"
        subtitle="How your public booking page looks"
        canEdit={canEdit}
        loadFailed={loadFailed}
        {...edit.frame}
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
