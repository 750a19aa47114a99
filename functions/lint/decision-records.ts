/**
 * Decision records a newcomer can read (docs/decisions/0259-numbered-decision-records.md): every record
 * is `NNNN-slug.md` with a unique number, opens with its title and a Number/Date/Status header, and its
 * status and supersedes links resolve; the index links every record once; and every record path the
 * code and docs mention exists, so a renamed or mistyped record cannot leave a dead reference.
 * Checked by ./decision-records.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const DECISIONS_DIR = 'docs/decisions';
/** Where a mention of a record path is looked for (README.md is the repository's own, at the root). */
const MENTION_ROOTS = ['functions', 'shared', 'web/src', 'web/e2e', 'web/lint', 'infra', 'docs', 'README.md'] as const;
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', 'coverage', '.turbo']);
const TEXT_FILE = /\.(ts|tsx|mjs|js|json|md|yaml|yml)$/;
/** This check and its test name missing records on purpose (the patterns' words, the test's faulty tree). */
const SELF = new Set(['functions/lint/decision-records.ts', 'functions/lint/decision-records.test.ts']);

const RECORD_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const RECORD_LINK = /\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)/g;
const LINKED_RECORD = String.raw`\[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\)`;
const STATUS = new RegExp(
  String.raw`^(accepted|superseded by ${LINKED_RECORD}|folded into docs\/requirements\/[a-z0-9-]+\.md)(?:[ ;(].*)?$`,
);
const STATUS_FORMS = 'accepted, superseded by [NNNN](file) or folded into docs/requirements/<file>';
/** A record path as code and docs write it: docs/decisions/NNNN-slug.md, ../decisions/NNNN-slug.md or alone. */
const MENTION = /(?:decisions\/([A-Za-z0-9_.-]+\.md)|(?<![\w/.-])(\d{4}-[a-z0-9-]+\.md))/g;

interface RecordProblem {
  file: string;
  problem: string;
}

interface Header {
  number?: string;
  date?: string;
  status?: string;
  supersedes?: string;
}

/** The title and the `- Key: value` lines that follow it, up to the first other line after them. */
function readHeader(text: string): { title: string | undefined; header: Header } {
  const lines = text.split('\n');
  const title = lines[0]?.startsWith('# ') ? lines[0].slice(2).trim() : undefined;
  const header: Header = {};
  for (const line of lines.slice(1)) {
    if (line.trim() === '' && Object.keys(header).length === 0) continue;
    const field = /^- (?<key>Number|Date|Status|Supersedes): (?<value>.*)$/.exec(line)?.groups;
    if (!field) break;
    header[(field.key ?? '').toLowerCase() as keyof Header] = (field.value ?? '').trim();
  }
  return { title, header };
}

function textFiles(path: string, out: string[]): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    if (TEXT_FILE.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path)) {
    if (!SKIPPED.has(name)) textFiles(join(path, name), out);
  }
  return out;
}

function linkTargets(text: string): { number: string; file: string }[] {
  return [...text.matchAll(RECORD_LINK)].map((link) => ({ number: link[1] ?? '', file: link[2] ?? '' }));
}

/** Every way the records under `root`/docs/decisions, their index, or a mention of one is wrong. */
export function checkDecisionRecords(root: string): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const dir = join(root, DECISIONS_DIR);
  const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const present = new Set(files);
  // A record keeps its slug when numbered, so a mention by the slug alone can say what it is now.
  const bySlug = new Map(files.map((name) => [name.replace(/^\d{4}-/, ''), name]));
  const byNumber = new Map<string, string>();
  const headers = new Map<string, Header>();

  const numbers = files.map((name) => Number(RECORD_FILE.exec(name)?.[1] ?? 0));
  const nextFree = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  for (const file of files) {
    const at = `${DECISIONS_DIR}/${file}`;
    const number = RECORD_FILE.exec(file)?.[1];
    if (!number) {
      problems.push({
        file: at,
        problem: `not named NNNN-slug.md (a new record takes the next free number, ${nextFree})`,
      });
      continue;
    }
    const other = byNumber.get(number);
    if (other) problems.push({ file: at, problem: `number ${number} is also ${other}` });
    byNumber.set(number, file);

    const { title, header } = readHeader(readFileSync(join(dir, file), 'utf8'));
    headers.set(file, header);
    if (!title) problems.push({ file: at, problem: 'does not open with "# <title>"' });
    if (header.number !== number) {
      problems.push({ file: at, problem: `"- Number: ${number}" missing or different (${header.number})` });
    }
    if (!header.date || !/^\d{4}-\d{2}-\d{2}$/.test(header.date) || Number.isNaN(Date.parse(header.date))) {
      problems.push({ file: at, problem: `"- Date: YYYY-MM-DD" missing or invalid (${header.date})` });
    }
    if (!header.status || !STATUS.test(header.status)) {
      problems.push({
        file: at,
        problem: `"- Status:" is not ${STATUS_FORMS} (${header.status})`,
      });
    }
    const folded = /^folded into (docs\/requirements\/[a-z0-9-]+\.md)/.exec(header.status ?? '')?.[1];
    if (folded && !existsSync(join(root, folded))) {
      problems.push({ file: at, problem: `folded into ${folded}, which does not exist` });
    }
    for (const line of [header.status ?? '', header.supersedes ?? '']) {
      for (const link of linkTargets(line)) {
        if (!present.has(link.file)) problems.push({ file: at, problem: `links ${link.file}, which does not exist` });
        else if (!link.file.startsWith(`${link.number}-`)) {
          problems.push({ file: at, problem: `link text ${link.number} does not match ${link.file}` });
        }
      }
    }
  }

  // A record superseded by another is named in that one's Supersedes line, so either end leads to the other.
  for (const [file, header] of headers) {
    const by = /^superseded by \[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(header.status ?? '')?.[1];
    if (!by || !headers.has(by)) continue;
    const names = linkTargets(headers.get(by)?.supersedes ?? '').map((link) => link.file);
    if (!names.includes(file)) {
      problems.push({
        file: `${DECISIONS_DIR}/${by}`,
        problem: `supersedes ${file} but its Supersedes line does not say so`,
      });
    }
  }

  const index = readFileSync(join(dir, 'README.md'), 'utf8');
  const listed = new Map<string, number>();
  for (const entry of index.matchAll(/\]\(([^)#\s]+\.md)\)/g)) {
    const target = entry[1] ?? '';
    // A record is linked by its file name; a requirements file a folded record moved to, by its path.
    const exists = target.includes('/') ? existsSync(join(dir, target)) : present.has(target);
    if (!target.includes('/')) listed.set(target, (listed.get(target) ?? 0) + 1);
    if (!exists)
      problems.push({ file: `${DECISIONS_DIR}/README.md`, problem: `links ${target}, which does not exist` });
  }
  for (const file of files) {
    const times = listed.get(file) ?? 0;
    if (times !== 1)
      problems.push({ file: `${DECISIONS_DIR}/README.md`, problem: `lists ${file} ${times} times, not once` });
  }

  for (const start of MENTION_ROOTS) {
    for (const path of textFiles(join(root, start), [])) {
      const file = relative(root, path).split(sep).join('/');
      if (SELF.has(file)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const mention of text.matchAll(MENTION)) {
            const name = mention[1] ?? mention[2] ?? '';
            // `NNNN-slug.md` is how prose writes the pattern itself.
            if (name !== 'README.md' && !name.startsWith('NNNN-') && !present.has(name)) {
              const now = bySlug.get(name);
              const hint = now ? ` (now ${now})` : '';
              problems.push({
                file: `${file}:${i + 1}`,
                problem: `mentions decision record ${name}, which does not exist${hint}`,
              });
            }
          }
        });
    }
  }
  return problems;
}
