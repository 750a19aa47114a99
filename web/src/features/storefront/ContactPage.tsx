import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { contactFields, EMPTY_CONTACT, type ContactSettings } from '../../../../shared/contract/settings-models.js';
import { applyServerErrors, FormField, FormSchemaProvider, useContractForm } from '../../components/form.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { useCan } from './api/permissions.js';
import { saveContact, useContact } from './api/index.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';

const FIELDS: { name: keyof ContactSettings; label: string; type?: string; placeholder?: string }[] = [
  { name: 'storeName', label: 'Store Name' },
  { name: 'streetAddress', label: 'Street Address' },
  { name: 'city', label: 'City' },
  { name: 'zipCode', label: 'ZIP Code' },
  { name: 'emailAddress', label: 'Email Address', type: 'email' },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', placeholder: '(555) 123-4567' },
];

/** Contact Information (document 3 §2, §3, §8): view mode, then edit mode. */
export default function ContactPage() {
  const { data, error, isLoading, mutate } = useContact();
  const canEdit = useCan('systemSettings.configureSystem');
  const saved = data ?? EMPTY_CONTACT;
  const [editing, setEditing] = useState(false);
  const form = useContractForm(contactFields, saved);
  const { confirm, confirmDialog } = useConfirm();
  const { isDirty, isSubmitting, errors } = form.formState;

  // Follow the loaded values while not editing.
  useEffect(() => {
    if (!editing) form.reset(saved);
  }, [data, editing]);

  if (isLoading) return <PageSpinner />;

  const cancel = async () => {
    if (isDirty && !(await confirm({ title: 'Discard changes?', message: CANCEL_QUESTION, confirmLabel: 'Yes, cancel', cancelLabel: 'Keep editing', destructive: true }))) return;
    form.reset(saved);
    setEditing(false);
  };
  const save = form.handleSubmit(async (values) => {
    try {
      const res = await saveContact(values);
      await mutate(res.data, { revalidate: false });
      form.reset(res.data);
      setEditing(false);
      notify.success('Contact information saved successfully!');
    } catch (e) {
      applyServerErrors(form as never, e);
      notify.error('Failed to save contact information. Please try again.');
    }
  });

  return (
    <>
      <UnsavedChangesGuard when={editing && isDirty} />
      <ViewEditFrame
        title="Contact Information"
        subtitle="How customers reach your store"
        editing={editing}
        canEdit={canEdit}
        dirty={isDirty}
        saving={isSubmitting}
        loadFailed={error ? 'Could not load the saved contact information; showing defaults.' : null}
        onEdit={() => setEditing(true)}
        onCancel={cancel}
        onSave={save}
      >
        {editing ? (
          <FormSchemaProvider value={{ schema: contactFields, errors }}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {FIELDS.map((f) => (
                  <FormField key={f.name} name={f.name} label={f.label}>
                    <Input {...form.register(f.name)} type={f.type ?? 'text'} placeholder={f.placeholder} maxLength={f.name === 'storeName' ? 200 : undefined} />
                  </FormField>
                ))}
              </SimpleGrid>
              <button type="submit" hidden />
            </form>
          </FormSchemaProvider>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {FIELDS.map((f) => (
              <Stack key={f.name} gap="0.5" data-testid={`contact-${f.name}`}>
                <Text fontSize="sm" color="fg.muted">
                  {f.label}
                </Text>
                {saved[f.name] ? <Text fontWeight="medium">{saved[f.name]}</Text> : <Text color="fg.subtle">Not set</Text>}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}

