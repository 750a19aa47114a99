import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFrame } from './DialogFrame.js';
import { applyServerErrors, FormSchemaProvider, useContractForm, type FormSchema } from './form.js';

export { DialogFrame } from './DialogFrame.js';

/**
 * A modal form on react-hook-form and a contract schema. It resets to `defaultValues` each time it
 * opens, tracks dirtiness, shows "Saving..." while `onSubmit` runs, guards unsaved changes (close,
 * Escape, backdrop, browser Back, in-app navigation, unload) and closes when `onSubmit` resolves
 * to anything but `false`. A thrown refusal with field details lands on the fields.
 */
export function FormDialog<S extends FormSchema>(props: {
  open: boolean;
  title: string;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Extra dirtiness that lives outside the form (for example generated ids). */
  extraDirty?: boolean;
  wide?: boolean;
  /** Actions beside the title (see DialogFrame). */
  headerEnd?: ReactNode;
  onSubmit: (values: z.output<S>, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => Promise<boolean | void>;
  onClose: () => void;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const form = useContractForm(props.schema, props.defaultValues);
  const formId = useId();
  const wasOpen = useRef(false);
  // A fresh start each time it opens, and only then: a list refresh while it is open keeps the edits.
  useEffect(() => {
    const opening = props.open && !wasOpen.current;
    wasOpen.current = props.open;
    if (opening) form.reset(props.defaultValues);
  }, [props.open, props.defaultValues, form]);

  const { isDirty, isSubmitting, errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await props.onSubmit(values, form);
      if (result === false) return;
      form.reset(values as never);
      props.onClose();
    } catch (e) {
      applyServerErrors(form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>, e);
    }
  });

  return (
    <DialogFrame
      open={props.open}
      title={props.title}
      dirty={props.open && (isDirty || !!props.extraDirty)}
      // Against the form's current defaults: a form that resets itself while open (a fresh copy loaded) starts clean again.
      isDirtyNow={() => JSON.stringify(form.getValues()) !== JSON.stringify(form.formState.defaultValues)}
      saving={isSubmitting}
      submitLabel={props.submitLabel}
      submitDisabled={props.submitDisabled}
      wide={props.wide}
      headerEnd={props.headerEnd}
      formId={formId}
      onClose={props.onClose}
    >
      <FormSchemaProvider value={{ schema: props.schema, errors: errors as Record<string, { message?: unknown }> }}>
        <form id={formId} noValidate onSubmit={(e) => void submit(e)}>
          {props.children(form)}
        </form>
      </FormSchemaProvider>
    </DialogFrame>
  );
}
