import { describe, expect, it } from 'vitest';
import * as z from '../zod.js';
import { routes } from './index.js';

/**
 * R-PLAT-12 (docs/decisions/0247-text-control-characters.md): every string a request carries refuses a
 * line break unless it is declared multi-line (`multiLine()`), and a multi-line one still refuses the
 * other control characters. The walk covers every route's params, query and body, so a field added
 * later without `singleLine()` fails here, named by its route and path.
 */
type AnySchema = z.core.$ZodType;
type Leaf = { where: string; schema: AnySchema };

function stringsOf(schema: AnySchema, where: string, out: Leaf[], seen = new Set<AnySchema>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  // zod's def is a union of every kind; the walk reads it by kind.
  const def = schema._zod.def as any;
  const walk = (s: AnySchema, w: string) => stringsOf(s, w, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ where, schema });
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, AnySchema>)) walk(v, `${where}.${k}`);
      if (def.catchall) walk(def.catchall, `${where}.*`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, where);
      break;
    case 'pipe':
      // A codec's input is JSON text (its line breaks are JSON's): the decoded value is what is checked.
      if (def.transform && def.reverseTransform) walk(def.out, where);
      else {
        walk(def.in, where);
        walk(def.out, where);
      }
      break;
    case 'union':
      def.options.forEach((o: AnySchema, i: number) => walk(o, `${where}|${i}`));
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'record':
      walk(def.valueType, `${where}{}`);
      break;
    case 'tuple':
      def.items.forEach((o: AnySchema, i: number) => walk(o, `${where}[${i}]`));
      if (def.rest) walk(def.rest, `${where}[...]`);
      break;
    case 'lazy':
      walk(def.getter(), where);
      break;
    default:
      break; // numbers, booleans, enums, literals, files: no text
  }
  return out;
}

/** A line break between letters, and between digits (a phone pattern with `\s` took "555\n123"). */
const LINE_BREAKS = ['a\r\nb', 'a\nb', 'a\rb', 'a\u2028b', '5551\r\n234', '5551\n234'];

const leaves = routes.flatMap((r) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const s = r[part as keyof typeof r] as AnySchema | undefined;
    return s ? stringsOf(s, `${r.id} ${part}`, []) : [];
  }),
);

describe('text rules of every request field (R-PLAT-12)', () => {
  it('finds the request strings to check', () => {
    expect(leaves.length).toBeGreaterThan(100);
  });

  it('refuses CR/LF in every field not declared multi-line', () => {
    const open = leaves
      .filter((l) => !z.isDeclaredMultiLine(l.schema as never))
      .filter((l) => LINE_BREAKS.some((v) => z.safeParse(l.schema, v).success))
      .map((l) => l.where);
    expect(open).toEqual([]);
  });

  it('refuses the other control characters in multi-line fields, and takes their line breaks', () => {
    const multi = leaves.filter((l) => z.isDeclaredMultiLine(l.schema as never));
    const open = multi
      .filter((l) => ['a\u0000b', 'a\u001bb', 'a\rb', 'a\u0085b'].some((v) => z.safeParse(l.schema, v).success))
      .map((l) => l.where);
    expect(open).toEqual([]);
  });
});

describe('singleLine and multiLine', () => {
  const name = z.object({ storeName: z.string().check(z.trim(), z.singleLine(), z.maxLength(120)) });
  const notes = z.object({ notes: z.string().check(z.multiLine(), z.maxLength(2000)) });

  it('names the field in the refusal', () => {
    const r = z.safeParse(name, { storeName: 'Shop\r\nEND:VCALENDAR' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Store name must be a single line without control characters',
    ]);
  });

  it('refuses every C0 and C1 control, DEL and the Unicode separators on one line', () => {
    for (const c of ['\u0000', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u009f', '\u2028', '\u2029'])
      expect(z.safeParse(name, { storeName: `a${c}b` }).success, JSON.stringify(c)).toBe(false);
    expect(z.safeParse(name, { storeName: 'Café « Ünïcode » — ok' }).success).toBe(true);
  });

  it('lets multi-line text keep LF, CR LF and TAB, nothing else', () => {
    for (const v of ['a\nb', 'a\r\nb', 'a\tb', 'plain']) expect(z.safeParse(notes, { notes: v }).success).toBe(true);
    for (const v of ['a\rb', 'a\u0000b', 'a\u000bb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b'])
      expect(z.safeParse(notes, { notes: v }).success, JSON.stringify(v)).toBe(false);
    expect(z.safeParse(notes, { notes: 'a\u0000' }).error?.issues[0]?.message).toBe(
      'Notes must not contain control characters',
    );
  });
});
