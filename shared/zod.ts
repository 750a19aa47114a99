/**
 * The zod of the contract and the server: zod/mini (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md). Its functions
 * tree-shake, so an API Lambda carries the validators it uses (about 30 KB) instead of classic zod's
 * whole method surface (about 145 KB). Same core, same parsing; the schemas are written in the
 * functional style (`z.optional(z.string().check(z.maxLength(40)))`).
 *
 * zod/mini configures no messages by default: this module sets zod's English ones, the same texts
 * classic zod gives, so a 400's field details read as before. Import it from here (`import * as z from
 * '.../shared/zod.js'`), never from 'zod/mini' directly, so the messages are always configured.
 */
import { config, string as miniString, refine } from 'zod/mini';
import type * as core from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { isMultiLineText, isSingleLine, multiLineMessage, singleLineMessage } from './domain/text.js';

/** 'firstName' → 'First name': the field a length message is about, from the path. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (!key) return 'Value';
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A length check without its own text names the field and the limit ("Name must be at most 120
// characters", docs/decisions/0011-validation-rules.md) instead of zod's "Too big: expected string to have <=120 characters".
config({
  ...en(),
  customError: (iss) => {
    if (iss.origin !== 'string') return undefined;
    if (iss.code === 'too_big') return `${fieldLabel(iss.path)} must be at most ${iss.maximum} characters`;
    if (iss.code === 'too_small' && Number(iss.minimum) > 1)
      return `${fieldLabel(iss.path)} must be at least ${iss.minimum} characters`;
    return undefined;
  },
});

// Re-exported name by name (not as one namespace object), so the bundler keeps only what is used.
export * from 'zod/mini';

/**
 * zod's `string`, except that a plain-text `error` (`z.string({ error: 'Name is required' })`) names
 * only a missing or non-string value. zod applies a schema's `error` to every issue of the schema,
 * checks included, so a 300-character name was answered "Name is required"; now the checks' own texts
 * (or the length texts above) answer those. Declared here, it takes precedence over the star export.
 */
export function string(params?: string | core.$ZodStringParams): ReturnType<typeof miniString> {
  const p = typeof params === 'string' ? { error: params } : params;
  const text = p?.error;
  if (typeof text !== 'string') return miniString(params);
  return miniString({ ...p, error: (iss) => (iss.code === 'invalid_type' ? text : undefined) });
}

/** The checks `multiLine()` made: the contract's text-rules test knows a multi-line field by one of these. */
const multiLineChecks = new WeakSet<object>();

/**
 * The check every single-line text field of a request carries (R-PLAT-12): `.check(z.trim(),
 * singleLine(), z.maxLength(120))`. Its message names the field, as the length messages do:
 * "Name must be a single line without control characters"; `label` names it otherwise ("Feed name").
 */
export function singleLine(label?: string) {
  return refine<string>(isSingleLine, {
    error: (iss) => singleLineMessage(label ?? fieldLabel(iss.path)),
  });
}

/**
 * The check of a multi-line text field (descriptions, notes, terms, message bodies): line breaks and
 * tabs pass, every other control character is refused (R-PLAT-12).
 */
export function multiLine() {
  const check = refine<string>(isMultiLineText, {
    error: (iss) => multiLineMessage(fieldLabel(iss.path)),
  });
  multiLineChecks.add(check);
  return check;
}

/** True when `schema` is a string that carries `multiLine()` (the text-rules test asks). */
export function isDeclaredMultiLine(schema: { _zod: { def: { checks?: readonly unknown[] } } }): boolean {
  return (schema._zod.def.checks ?? []).some((c) => typeof c === 'object' && c !== null && multiLineChecks.has(c));
}
