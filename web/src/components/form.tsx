import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';
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

/** The longest value a schema field accepts (`z.string().check(z.maxLength(n))`), if it says. */
export function maxLengthOf(schema: unknown, name: string): number | undefined {
  let s = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown } } | undefined;
  // Unwrap pipes/optionals/defaults around the object.
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.def?.innerType ?? s.def?.in) as typeof s;
  // Through optional/nullable/default wrappers to the string schema, then its tightest `maxLength` check.
  let field = s?.shape?.[name] as
    | {
        def?: {
          type?: string;
          innerType?: unknown;
          checks?: { _zod: { def: { check?: string; maximum?: number } } }[];
        };
      }
    | undefined;
  for (let i = 0; i < 5 && field && field.def?.type !== 'string'; i++) field = field.def?.innerType as typeof field;
  if (field?.def?.type !== 'string') return undefined;
  const limits = (field.def.checks ?? [])
    .map((c) => c._zod.def)
    .filter((d) => d.check === 'max_length' && typeof d.maximum === 'number');
  return limits.length ? Math.min(...limits.map((d) => d.maximum as number)) : undefined;
}

interface FormContextValue {
  schema: unknown;
  errors: Record<string, { message?: unknown } | undefined>;
}
const FormCtx = createContext<FormContextValue | null>(null);
export const FormSchemaProvider = FormCtx.Provider;

/**
 * A labelled field with its error under it. `name` finds the error (from the surrounding
 * FormDialog or an explicit `error`) and the input's maxLength comes from the schema through
 * `useFieldLimit`.
 */
export function FormField({
  name,
  label,
  required,
  helper,
  error,
  children,
}: {
  name?: string;
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const ctx = useContext(FormCtx);
  const message = error ?? (name ? (ctx?.errors[name]?.message as string | undefined) : undefined);
  return (
    <Field.Root required={required} invalid={!!message}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !message && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

/** `maxLength` for an input of the surrounding form's schema. */
export function useFieldLimit(name: string): number | undefined {
  const ctx = useContext(FormCtx);
  return ctx ? maxLengthOf(ctx.schema, name) : undefined;
}
