/**
 * Words in code (docs/decisions/0258-code-cites-rules-not-issues.md): a comment, string or test title cites the
 * rule it keeps (a docs/requirements id such as R-SET-7, or a docs/decisions record), never the tracker's
 * "issue N", which a reader of the code cannot open and which says nothing of the rule. Values,
 * constants, functions and namespace imports have names that say what they are, never one capital
 * capital letter (a constant named T or a namespace imported as E); type parameters (`<T>`) are not values.
 * Checked by ./words.test.ts over functions/, shared/, web/src/, web/e2e/ and infra/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

interface WordsViolation {
  file: string;
  line: number;
  rule: 'issue-number' | 'one-letter-name';
  text: string;
}

const CHECKED_DIRS = ['functions', 'shared', 'web/src', 'web/e2e', 'infra'] as const;
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', 'coverage', '.turbo']);

/** The word issue (any case, singular or plural) followed by a number, with or without "#". */
const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+/;
/** A value, constant, function or namespace import named with one capital letter; `<const R` is a type parameter. */
const ONE_LETTER_NAME = /(?<![<\w])(?:const|let|var|function|import \* as) [A-Z](?![\w$])/;

function sourceFiles(dir: string, out: string[]): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (SKIPPED.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Every line of a .ts/.tsx file under the checked folders of `root` that breaks one of the two rules. */
export function checkWords(root: string): WordsViolation[] {
  const found: WordsViolation[] = [];
  for (const dir of CHECKED_DIRS) {
    for (const path of sourceFiles(join(root, dir), [])) {
      const file = relative(root, path).split(sep).join('/');
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (ISSUE_NUMBER.test(text)) found.push({ file, line: i + 1, rule: 'issue-number', text: text.trim() });
          if (ONE_LETTER_NAME.test(text)) found.push({ file, line: i + 1, rule: 'one-letter-name', text: text.trim() });
        });
    }
  }
  return found;
}
