import { Input, SimpleGrid } from '@chakra-ui/react';
import { contactFields, type ContactSettings } from '../../../../shared/contract/settings-models.js';
import { applyServerErrors, FormField, FormSchemaProvider, useContractForm } from '../../components/form.js';
import { notify } from '../../components/toaster.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { updateContact } from './api/index.js';
import { CONTACT_FIELDS } from './contactLayout.js';
import { CANCEL_QUESTION, ViewEditFrame } from './shared.js';

/**
 * Contact Information in edit mode (R-SET-1, R-SET-2): the form with the contract's schema,
 * downloaded after the page shows or on the first Edit (first-load budget, docs/decisions/0173-web-first-load-js.md).
 */
export function ContactEditor({
  saved,
  loadFailed,
  onSaved,
  onClose,
}: {
  saved: ContactSettings;
  loadFailed: string | null;
  onSaved: (data: ContactSettings) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useContractForm(contactFields, saved);
  const { confirm, confirmDialog } = useConfirm();
  const { isDirty, isSubmitting, errors } = form.formState;

  const cancel = async () => {
    if (
      isDirty &&
      !(await confirm({
        title: 'Discard changes?',
        message: CANCEL_QUESTION,
        confirmLabel: 'Yes, cancel',
        cancelLabel: 'Keep editing',
        destructive: true,
      }))
    )
      return;
    form.reset(saved);
    onClose();
  };
  const save = form.handleSubmit(async (values) => {
    try {
      const res = await updateContact(values);
      await onSaved(res.data);
      form.reset(res.data);
      onClose();
      notify.success('Contact information saved successfully!');
    } catch (e) {
      applyServerErrors(form as never, e);
      notify.error('Failed to save contact information. Please try again.');
    }
  });

  return (
    <>
      <UnsavedChangesGuard when={isDirty} />
      <ViewEditFrame
        title="Contact Information"
        subtitle="How customers reach your store"
        editing
        canEdit
        dirty={isDirty}
        saving={isSubmitting}
        loadFailed={loadFailed}
        onEdit={() => {}}
        onCancel={cancel}
        onSave={save}
      >
        <FormSchemaProvider value={{ schema: contactFields, errors }}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {CONTACT_FIELDS.map((f) => (
                <FormField key={f.name} name={f.name} label={f.label}>
                  <Input
                    {...form.register(f.name)}
                    type={f.type ?? 'text'}
                    placeholder={f.placeholder}
                    maxLength={f.name === 'storeName' ? 200 : undefined}
                  />
                </FormField>
              ))}
            </SimpleGrid>
            <button type="submit" hidden />
          </form>
        </FormSchemaProvider>
      </ViewEditFrame>
      {confirmDialog}
    </>
  );
}
