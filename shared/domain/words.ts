/**
 * Words that meet counts (docs/decisions/0024-words-and-states.md): one rule for "1 item" / "2 items" on both sides.
 * English has two plural categories; Intl.PluralRules picks them so "1.0" or "-1" need no special case.
 */

const RULES = new Intl.PluralRules('en-US');

/** The noun alone for a count: noun(1, 'user') → 'user', noun(3, 'person', 'people') → 'people'. */
export function noun(n: number, singular: string, pluralForm = `${singular}s`): string {
  return RULES.select(n) === 'one' ? singular : pluralForm;
}

/**
 * '1 item', '0 items', '1,200 people'. `show` prints the number (e.g. a compact '1.2K'); the noun
 * always follows the real count.
 */
export function pluralize(
  n: number,
  singular: string,
  pluralForm = `${singular}s`,
  show: (n: number) => string = (x) => x.toLocaleString('en-US'),
): string {
  return `${show(n)} ${noun(n, singular, pluralForm)}`;
}
