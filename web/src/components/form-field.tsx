import { Field } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * A labelled field, its error and its schema's limits, without react-hook-form (form.tsx re-exports
 * these for the forms built on it): an inline editor lays out fields with them and does not download
 * react-hook-form (R-PLAT-11, docs/decisions/0221-first-load-route-preload-and-compression.md).
 */

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
