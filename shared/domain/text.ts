/**
 * Control characters in text (docs/requirements/platform.md R-PLAT-12): C0 (U+0000-U+001F, so CR,
 * LF and TAB too), DEL and C1 (U+007F-U+009F), and the Unicode line and paragraph separators. A
 * single-line value holding one could split a line of a file the product writes (a CR/LF in a store
 * name once opened a second VCALENDAR in every .ics; R-PLAT-12) or of a header, CSV or log line.
 */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, except the line breaks (LF, CR LF) and TAB that multi-line text keeps; a lone CR is refused. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|\r(?!\n)/;

/** True when `text` holds no control character (R-PLAT-12): what every single-line field requires. */
export const isSingleLine = (text: string): boolean => !CONTROL.test(text);
/** True when `text` holds no control character other than LF, CR LF and TAB (R-PLAT-12). */
export const isMultiLineText = (text: string): boolean => !CONTROL_BUT_LINE_BREAKS.test(text);
/** The refusal of a single-line field, named as the length messages name it ("Store name must be ..."). */
export const singleLineMessage = (label: string) => `${label} must be a single line without control characters`;
/** The refusal of a multi-line field. */
export const multiLineMessage = (label: string) => `${label} must not contain control characters`;
