import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EMPTY_CONTACT } from '../../../../shared/domain/settings.js';
import { deferred, useDeferred, usePreload } from '../../app/deferred.js';
import { formatPhone } from '../../components/format.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useCan } from './api/permissions.js';
import { useContact } from './api/index.js';
import { CONTACT_FIELDS } from './contactLayout.js';
import { ViewEditFrame } from './shared.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the edit form (react-hook-form, zod, the contract's
// schema) downloads after the page shows or on the first Edit; the page shows the saved values meanwhile.
const Editor = deferred(() => import('./ContactEditor.js').then((m) => m.ContactEditor));
const noop = () => {};

/** Contact Information (R-SET-1, R-SET-2): view mode, then edit mode (ContactEditor). */
export default function ContactPage() {
  const { data, error, isLoading, mutate } = useContact();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data ?? EMPTY_CONTACT;
  const [editing, setEditing] = useState(false);
  usePreload(Editor);
  const ContactEditor = useDeferred(Editor, editing);

  if (isLoading) return <PageSpinner />;
  const loadFailed = error ? 'Could not load the saved contact information; showing defaults.' : null;
  if (editing && ContactEditor) {
    return (
      <ContactEditor
        saved={saved}
        loadFailed={loadFailed}
        onSaved={(next) => mutate(next, { revalidate: false })}
        onClose={() => setEditing(false)}
      />
    );
  }

  return (
    <ViewEditFrame
      title="Contact Information"
      subtitle="How customers reach your store"
      editing={false}
      canEdit={canEdit}
      dirty={false}
      saving={false}
      loadFailed={loadFailed}
      onEdit={() => setEditing(true)}
      onCancel={noop}
      onSave={noop}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {CONTACT_FIELDS.map((f) => (
          <Stack key={f.name} gap="0.5" data-testid={`contact-${f.name}`}>
            <Text fontSize="sm" color="fg.muted">
              {f.label}
            </Text>
            {saved[f.name] ? (
              <Text fontWeight="medium">{f.type === 'tel' ? formatPhone(saved[f.name]) : saved[f.name]}</Text>
            ) : (
              <Text color="fg.muted">Not set</Text>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </ViewEditFrame>
  );
}
