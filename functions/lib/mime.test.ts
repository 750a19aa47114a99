import { describe, expect, it } from 'vitest';
import { LOCAL_MAIL_FROM } from './config.js';
import { base64Lines, buildMimeMessage, encodeHeaderValue } from './mime.js';

const bytes = (n: number) => new Uint8Array(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256));
const decode = (raw: Uint8Array) => Buffer.from(raw).toString('utf8');

/** Splits a multipart body by its boundary (RFC 2046 §5.1.1): the parts between the delimiters. */
function parts(body: string, boundary: string): string[] {
  const segments = body.split(`\r\n--${boundary}`);
  expect(segments.at(-1)!.startsWith('--')).toBe(true); // the close delimiter
  return segments.slice(1, -1).map((p) => p.replace(/^\r\n/, ''));
}
const split = (part: string) => {
  const at = part.indexOf('\r\n\r\n');
  return { head: part.slice(0, at), body: part.slice(at + 4) };
};
const boundaryOf = (head: string) => /boundary="([^"]+)"/.exec(head)![1]!;

describe('buildMimeMessage', () => {
  const pdf = bytes(5000);
  const raw = decode(
    buildMimeMessage({
      from: 'no-reply@example.com',
      to: ['owner@example.com'],
      subject: 'Revenue Report - Nov 1 – Nov 7, 2026 (Café)',
      text: 'Hello,\nAttached.',
      html: '<p>Hello, <b>attached</b>.</p>',
      attachments: [{ filename: 'revenue-nov-1-nov-7-2026.pdf', contentType: 'application/pdf', content: pdf }],
      date: new Date('2026-11-25T10:00:00Z'),
    }),
  );
  const { head, body } = split(raw);

  it('has the headers a mail client needs, CRLF line ends, no line over 998 characters', () => {
    expect(head).toContain('From: no-reply@example.com');
    expect(head).toContain('To: owner@example.com');
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toContain('Date: Wed, 25 Nov 2026 10:00:00 +0000');
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  });

  it('encodes a non-ASCII subject as RFC 2047 words that decode back', () => {
    const subject = /Subject: ([\s\S]*?)\r\n(?! )/.exec(`${head}\r\n`)![1]!;
    expect(subject).toMatch(/^=\?UTF-8\?B\?/);
    const decoded = subject
      .split('\r\n ')
      .map((w) => Buffer.from(/=\?UTF-8\?B\?(.*)\?=/.exec(w)![1]!, 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('Revenue Report - Nov 1 – Nov 7, 2026 (Café)');
  });

  it('is multipart/mixed: text and HTML alternatives, then the file as a base64 attachment with its name, byte for byte', () => {
    const mixed = boundaryOf(head);
    const [alternative, attachment, ...rest] = parts(body, mixed);
    expect(rest).toEqual([]);
    const alt = split(alternative!);
    expect(alt.head).toContain('multipart/alternative');
    const [text, html] = parts(`\r\n${alt.body}`, boundaryOf(alt.head)).map(split);
    expect(text!.head).toContain('text/plain; charset=UTF-8');
    expect(Buffer.from(text!.body, 'base64').toString('utf8')).toBe('Hello,\nAttached.');
    expect(html!.head).toContain('text/html; charset=UTF-8');
    expect(Buffer.from(html!.body, 'base64').toString('utf8')).toBe('<p>Hello, <b>attached</b>.</p>');
    const file = split(attachment!);
    expect(file.head).toContain('Content-Type: application/pdf; name="revenue-nov-1-nov-7-2026.pdf"');
    expect(file.head).toContain('Content-Disposition: attachment; filename="revenue-nov-1-nov-7-2026.pdf"');
    expect(file.head).toContain('Content-Transfer-Encoding: base64');
    for (const line of file.body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    expect(new Uint8Array(Buffer.from(file.body, 'base64'))).toEqual(pdf);
  });

  it('uses boundaries no base64 line can equal', () => {
    expect(boundaryOf(head)).toMatch(/[_.]/);
  });
});

describe('header safety', () => {
  it('a CR or LF in a subject or a file name never starts a new header', () => {
    const raw = decode(
      buildMimeMessage({
        from: 'a@b.co',
        to: ['c@d.co'],
        subject: 'Hi\r\nBcc: victim@x.co',
        text: 't',
        html: 'h',
        attachments: [{ filename: 'x\r\nBcc: v@x.co".pdf', contentType: 'text/csv', content: bytes(3) }],
      }),
    );
    expect(raw).not.toMatch(/\r\nBcc:/);
    expect(raw).toContain('filename="x Bcc: v@x.co_.pdf"');
  });
  it('refuses a recipient that is not one address', () => {
    expect(() =>
      buildMimeMessage({ from: 'a@b.co', to: ['c@d.co, e@f.co'], subject: 's', text: 't', html: 'h', attachments: [] }),
    ).toThrow(/Not an e-mail address/);
    expect(() =>
      buildMimeMessage({ from: 'a@b.co', to: [], subject: 's', text: 't', html: 'h', attachments: [] }),
    ).toThrow();
  });
  it('gives a non-ASCII file name its RFC 2231 form beside an ASCII fallback', () => {
    const raw = decode(
      buildMimeMessage({
        from: 'a@b.co',
        to: ['c@d.co'],
        subject: 's',
        text: 't',
        html: 'h',
        attachments: [{ filename: 'café.csv', contentType: 'text/csv', content: bytes(3) }],
      }),
    );
    expect(raw).toContain('filename="caf_.csv"');
    expect(raw).toContain("filename*=UTF-8''caf%C3%A9.csv");
  });
  it('keeps ASCII header values as they are and wraps base64 at 76', () => {
    expect(encodeHeaderValue('Weekly revenue')).toBe('Weekly revenue');
    expect(
      base64Lines(bytes(200))
        .split('\r\n')
        .map((l) => l.length),
    ).toEqual([76, 76, 76, 40]);
  });
});

describe('List-Unsubscribe (docs/decisions/0002-report-mail-recipients.md)', () => {
  const base = {
    from: 'no-reply@example.com',
    to: ['a@example.com'],
    subject: 'S',
    text: 't',
    html: '<p>t</p>',
    attachments: [],
  };
  const head = (raw: Uint8Array) => decode(raw).split('\r\n\r\n')[0]!;

  it('writes the one-click pair (RFC 2369, RFC 8058) when asked, and nothing otherwise', () => {
    const h = head(
      buildMimeMessage({ ...base, listUnsubscribe: 'https://app.example.com/public/report-mail/unsubscribe/abc_-1' }),
    );
    expect(h.split('\r\n')).toContain(
      'List-Unsubscribe: <https://app.example.com/public/report-mail/unsubscribe/abc_-1>',
    );
    expect(h.split('\r\n')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(head(buildMimeMessage(base))).not.toContain('List-Unsubscribe');
  });

  it('refuses an address that is not http(s) or could break out of the header', () => {
    for (const bad of [
      'mailto:x@example.com',
      'https://a.example/x>\r\nBcc: victim@example.com',
      'https://a.example/ x',
      'javascript:alert(1)',
    ]) {
      expect(() => buildMimeMessage({ ...base, listUnsubscribe: bad })).toThrow(/List-Unsubscribe/);
    }
  });
});

describe('the default sender', () => {
  it('is an address the one e-mail rule accepts, so the local runtime can send reports with files', () => {
    expect(() =>
      buildMimeMessage({
        from: LOCAL_MAIL_FROM,
        to: ['a@example.com'],
        subject: 's',
        text: 't',
        html: '<p>t</p>',
        attachments: [],
      }),
    ).not.toThrow();
  });
});
