import type { RunningSes } from '../local/ses.js';

/** One e-mail as a person's mail client gets it: both parts. */
export interface CaughtMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Every mail the SES emulator caught (aws-ses-v2-local's /store), oldest first. */
export async function readMailbox(ses: Pick<RunningSes, 'inboxUrl'>): Promise<CaughtMail[]> {
  const res = await fetch(ses.inboxUrl);
  const store = (await res.json()) as {
    emails: { destination?: { to?: string[] }; subject?: string; body?: { html?: string; text?: string } }[];
  };
  return store.emails.map((m) => ({
    to: m.destination?.to?.join(',') ?? '',
    subject: m.subject ?? '',
    html: m.body?.html ?? '',
    text: m.body?.text ?? '',
  }));
}

const decodeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The links of the HTML part (href values, HTML-decoded). */
export const htmlLinks = (html: string) => [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => decodeHtml(m[1]!));
/** The addresses of the text part as a person's mail client would make them clickable. */
export const textLinks = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);

/**
 * What makes an e-mail's two parts disagree or break (docs/decisions/0162-hardening-e-mail-text-parts.md). Empty when the mail is
 * right: the text part has no HTML escaping and no tags, every address in it stands on its own
 * (after a space or a line start), and every link of the HTML part is in the text part verbatim.
 */
export function mailProblems(mail: CaughtMail): string[] {
  const problems: string[] = [];
  if (!mail.text.trim()) problems.push('no text part');
  if (!mail.html.trim()) problems.push('no HTML part');
  const entity = mail.text.match(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|nbsp);/i);
  if (entity) problems.push(`text part carries HTML escaping: ${entity[0]}`);
  const tag = mail.text.match(/<\/?(p|a|br|div|span|strong|em|b|i|ul|li|table)\b[^>]*>/i);
  if (tag) problems.push(`text part carries HTML: ${tag[0]}`);
  if (/&(#x?[0-9a-f]+|amp|lt|gt|quot);/i.test(mail.subject))
    problems.push(`subject carries HTML escaping: ${mail.subject}`);
  for (const m of mail.text.matchAll(/https?:\/\//g)) {
    const before = mail.text[m.index! - 1];
    if (before !== undefined && !/[\s(<]/.test(before))
      problems.push(
        `address glued to the word before it: …${mail.text.slice(Math.max(0, m.index! - 12), m.index! + 20)}…`,
      );
  }
  const inText = new Set(textLinks(mail.text));
  for (const href of htmlLinks(mail.html)) {
    if (!/^https?:/.test(href)) continue;
    if (!inText.has(href)) problems.push(`HTML link missing from the text part: ${href}`);
  }
  return problems;
}

/** The set-up token of the last invitation mailed to `email` (R-EMP-4); fails the test when there is none. */
export async function setupTokenMailedTo(ses: Pick<RunningSes, 'inboxUrl'>, email: string): Promise<string> {
  const last = (await readMailbox(ses)).filter((m) => m.to.split(',').includes(email)).at(-1);
  const m = last && /\/setup-account\/([A-Za-z0-9_-]+)/.exec(last.html);
  if (!m) throw new Error(`no set-up mail to ${email}`);
  return m[1]!;
}
