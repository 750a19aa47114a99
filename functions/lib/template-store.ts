import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, queryPages, tableName } from './db.js';
import { rowParser } from './rows.js';
import * as z from '../../shared/zod.js';
import {
  DEFAULT_TEMPLATES,
  defaultTemplate,
  handlebars,
  renderEmail,
  type RenderedEmail,
  type TemplateDefinition,
} from './templates.js';
import { getRow } from './coalesced-get.js';

/**
 * Stored e-mail templates (docs/decisions/0198-platform-templates.md): `pk = PLATFORM#TEMPLATES`, `sk = TEMPLATE#{name}` holds the
 * operator's edited `content` (and `updatedAt`, `updatedBy`). The defaults live in code
 * (./templates.ts); a template with no row is its default. Every e-mail the product sends from a
 * template reads it here first, without a cache, so the next e-mail after an edit uses the edit.
 */
const PK = 'PLATFORM#TEMPLATES';
const sk = (name: string) => `TEMPLATE#${name}`;

export interface StoredTemplate extends TemplateDefinition {
  updatedAt: string | null;
  isDefault: boolean;
}

/** An edited template's row; no row means the default. */
const parseTemplateRow = rowParser(
  'e-mail template',
  z.object({ name: z.string(), content: z.string(), updatedAt: z.string(), updatedBy: z.string() }),
);

const merge = (def: TemplateDefinition, item?: Record<string, unknown>): StoredTemplate => {
  if (!item) return { ...def, updatedAt: null, isDefault: true };
  const row = parseTemplateRow(item);
  return { ...def, content: row.content, updatedAt: row.updatedAt, isDefault: false };
};

export async function loadTemplate(name: string): Promise<StoredTemplate | undefined> {
  const def = defaultTemplate(name);
  if (!def) return undefined;
  return merge(def, await getRow({ pk: PK, sk: sk(name) }));
}

export async function listTemplates(): Promise<StoredTemplate[]> {
  const rows = new Map<string, Record<string, unknown>>();
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': PK },
  })) {
    for (const r of items) rows.set(String(r.sk).slice('TEMPLATE#'.length), r);
  }
  return DEFAULT_TEMPLATES.map((d) => merge(d, rows.get(d.name)));
}

export async function saveTemplate(name: string, content: string, actor: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: PK, sk: sk(name), name, content, updatedAt: nowIso(), updatedBy: actor },
    }),
  );
}

/** Renders the stored (or default) template `name`: the e-mail senders' one entry. */
/** The stored (or default) template `name` rendered, carrying its name for the send log. */
export async function renderStoredEmail(
  name: string,
  /** A promise when the variables need reads of their own: the template is read meanwhile. */
  variables: Record<string, unknown> | Promise<Record<string, unknown>>,
  /** The template already being read (`loadTemplate(name)`, started early by a caller that will surely send). */
  template: Promise<StoredTemplate | undefined> = loadTemplate(name),
): Promise<RenderedEmail & { template: string }> {
  const [t, vars] = await Promise.all([template, variables]);
  if (!t) throw new Error(`No template ${name}`);
  return { ...(await renderEmail(t, vars)), template: name };
}

const BUILTIN_BLOCKS = new Set(['if', 'unless', 'each', 'with']);

/** The parser's token names in the words a template author types. */
const TOKEN_WORDS: Record<string, string> = {
  CLOSE: '}}',
  CLOSE_UNESCAPED: '}}}',
  OPEN_ENDBLOCK: 'a closing tag such as {{/if}}',
  INVERSE: '{{else}}',
  OPEN_INVERSE_CHAIN: '{{else if …}}',
  ID: 'a variable name',
  STRING: 'a quoted text',
  EOF: 'the end of the template',
  INVALID: 'a character that cannot go there',
  OPEN: '{{',
  OPEN_BLOCK: '{{#…}}',
  CONTENT: 'text',
};

/**
 * Handlebars' parse error in one line a person can act on (docs/decisions/0024-words-and-states.md): where, and what
 * was expected. Its own message is four lines ("Parse error on line 1:", the text, a caret, the tokens).
 */
function compileErrorText(message: string): string {
  const lines = message.split('\n');
  const head = /^Parse error on line (\d+):$/.exec(lines[0] ?? '');
  const tokens = /^Expecting (.+), got '([^']+)'$/.exec(lines[3] ?? '');
  if (!head || !tokens) return lines.filter((l) => l.trim()).join(' ');
  const caret = (lines[2] ?? '').indexOf('^');
  const near = (lines[1] ?? '').slice(0, caret >= 0 ? caret + 1 : undefined).trim();
  const expected = [
    ...new Set((tokens[1] ?? '').split(', ').map((t) => TOKEN_WORDS[t.replace(/'/g, '')] ?? '')),
  ].filter(Boolean);
  const found = TOKEN_WORDS[tokens[2] ?? ''] ?? tokens[2];
  const want = expected.length ? `expected ${expected.slice(0, 3).join(' or ')}` : 'unexpected input';
  return `Parse error on line ${head[1]} after "${near}": ${want}, found ${found}`;
}

/**
 * Why `content` cannot be saved as template `def`, or null: it must compile, and every variable it
 * reads must be one the mail provides (`def.variables`); helpers other than if/unless/each/with are
 * refused (the mail registers none). Async: handlebars is loaded on first use (./templates.ts).
 */
export async function templateProblem(
  def: Pick<TemplateDefinition, 'variables'>,
  content: string,
): Promise<string | null> {
  const Handlebars = await handlebars();
  let ast: hbs.AST.Program;
  try {
    ast = Handlebars.parse(content);
    Handlebars.precompile(content);
  } catch (e) {
    return `Template does not compile: ${compileErrorText((e as Error).message)}`;
  }
  const allowed = new Set(def.variables);
  const unknown = new Set<string>();
  let badHelper: string | null = null;
  // Inside #each/#with the context changes: names there are not checked against the mail's variables.
  let scoped = 0;
  class Check extends Handlebars.Visitor {
    override MustacheStatement(node: hbs.AST.MustacheStatement): void {
      const path = node.path as hbs.AST.PathExpression;
      if (node.params.length && path.type === 'PathExpression') badHelper ??= path.original;
      super.MustacheStatement(node);
    }
    override BlockStatement(node: hbs.AST.BlockStatement): void {
      const path = node.path as hbs.AST.PathExpression;
      if (!BUILTIN_BLOCKS.has(path.original)) {
        badHelper ??= path.original;
        return;
      }
      for (const p of node.params) this.accept(p);
      const opensScope = path.original === 'each' || path.original === 'with';
      if (opensScope) scoped++;
      if (node.program) this.accept(node.program);
      if (opensScope) scoped--;
      if (node.inverse) this.accept(node.inverse);
    }
    override PathExpression(node: hbs.AST.PathExpression): void {
      if (node.data || scoped > 0 || node.original === 'this' || node.original === '.') return;
      const head = node.parts[0];
      if (head !== undefined && !allowed.has(head)) unknown.add(node.original);
    }
  }
  new Check().accept(ast);
  if (badHelper) return `Unknown helper: ${badHelper}`;
  if (unknown.size)
    return `Unknown variable${unknown.size > 1 ? 's' : ''}: ${[...unknown].join(', ')}. Available: ${def.variables.join(', ')}`;
  return null;
}

/** Sample values for a preview: each variable shown as a readable placeholder, links as a sample address. */
export function sampleVariables(def: Pick<TemplateDefinition, 'variables'>): Record<string, string> {
  return Object.fromEntries(
    def.variables.map((v) => [
      v,
      /url$/i.test(v)
        ? 'https://example.com/sample-link'
        : /at$|time$/i.test(v)
          ? 'Dec 1, 2031, 10:00 AM EST'
          : `[${v}]`,
    ]),
  );
}

/**
 * The preview's HTML made safe to show in the portal: no scripts, styles, frames, forms or event
 * handlers, and only http(s)/mailto links. (The page also shows it in a sandboxed frame.)
 */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<\s*(script|style|iframe|object|embed|form|template|noscript)\b[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(
      /<\s*\/?\s*(script|style|iframe|object|embed|form|template|noscript|meta|link|base|input|button|textarea|select)\b[^>]*>/gi,
      '',
    )
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s+(href|src|action|formaction|xlink:href)\s*=\s*("|')\s*(?!https?:|mailto:|#)[^"']*\2/gi, '')
    .replace(/\s+(href|src)\s*=\s*(?!["'])(?!https?:|mailto:)[^\s>]+/gi, '');
}
