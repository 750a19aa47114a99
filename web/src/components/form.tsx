import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod object schema whose input is a plain form record. */
export type FormSchema = z.core.$ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form fed a contract schema: the messages are the schema's (so each exists once, on
 * the server and here). Errors show after the first submit and then follow each edit, so a
 * corrected field clears its error at once.
 */
export function useContractForm<S extends FormSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** Server refusals with `details: [{path, msg}]` land on their fields; the rest is returned. */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
): boolean {
  const details = (error as { details?: { path?: string; msg?: string }[] } | null)?.details;
  if (!Array.isArray(details) || details.length === 0) return false;
  const names = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const d of details) {
    const name = d.path?.split('.')[0];
    if (name && d.msg && names.has(name)) {
      form.setError(name as Path<T>, { type: 'server', message: d.msg });
      placed = true;
    }
  }
  return placed;
}

// The field parts need no react-hook-form: a page that only lays out fields (an inline editor) imports
// them from './form-field.js' and leaves react-hook-form and the resolver to the forms (R-PLAT-11).
export { FormField, FormSchemaProvider, maxLengthOf, useFieldLimit } from './form-field.js';
