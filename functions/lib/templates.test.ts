import { beforeAll, describe, expect, it } from 'vitest';
import { htmlLinks, mailProblems, textLinks } from '../testing/mail.js';
import { templateProblem } from './template-store.js';
import { DEFAULT_TEMPLATES, renderEmail, textTemplateOf } from './templates.js';

// docs/decisions/0162-hardening-e-mail-text-parts.md: every template's text part prints values as they are; its HTML part escapes them.
const URL_WITH_QUERY = 'http://lakeside.localhost:3000/signup?token=aMcu_x-9&next=/dashboard';
const HOSTILE = 'Tom & <Jerry> "Q" = \'R\'';
const varsFor = (names: string[]) =>
  Object.fromEntries(names.map((n) => [n, /url$/i.test(n) ? URL_WITH_QUERY : HOSTILE]));

describe.each(DEFAULT_TEMPLATES.map((t) => [t.name, t] as const))('e-mail template %s', (_name, t) => {
  let mail: { to: string; subject: string; html: string; text: string };
  beforeAll(async () => {
    mail = { to: 'a@b.test', ...(await renderEmail(t, varsFor(t.variables))) };
  });

  it('has a text part without HTML escaping or tags, its links whole and on their own', () => {
    expect(mailProblems(mail)).toEqual([]);
    for (const v of t.variables.filter((n) => /url$/i.test(n))) expect(textLinks(mail.text)).toContain(URL_WITH_QUERY);
    if (t.variables.some((n) => !/url$/i.test(n))) expect(mail.text).toContain(HOSTILE);
  });

  it('escapes every value in the HTML part, and its links decode to the same address', () => {
    expect(mail.html).not.toContain('<Jerry>');
    expect(mail.html).toContain('Tom &amp; &lt;Jerry&gt;');
    for (const href of htmlLinks(mail.html)) expect(href).toBe(URL_WITH_QUERY);
  });

  it("uses only the variables it declares (the template editor's own check)", async () => {
    expect(await templateProblem(t, t.subject)).toBeNull();
    expect(await templateProblem(t, t.content)).toBeNull();
  });
});

describe('textTemplateOf', () => {
  it('puts a line break where <br> was, so an address never sticks to the word before it', () => {
    expect(textTemplateOf('<p>copy this address into your browser:<br>{{u}}</p>')).toBe(
      'copy this address into your browser:\n{{u}}\n',
    );
  });
  it('writes a link as label, colon, address', () => {
    expect(textTemplateOf('<p><a href="{{u}}">Open</a></p><p>Bye &amp; thanks</p>')).toBe(
      'Open: {{u}}\n\nBye & thanks\n',
    );
  });
  it('keeps the subject plain text, on one line', async () => {
    expect((await renderEmail({ subject: 'Set up {{o}}', content: '' }, { o: 'A & B\r\nBcc: x' })).subject).toBe(
      'Set up A & B Bcc: x',
    );
  });
});

describe('a template that does not compile (docs/decisions/0024-words-and-states.md)', () => {
  it('says where and what was expected, not only "Parse error on line 1:"', async () => {
    const problem = await templateProblem({ variables: ['firstName'] }, '<p>Hello {{firstName}</p>');
    expect(problem).toBe(
      'Template does not compile: Parse error on line 1 after "<p>Hello {{firstName}": expected }} or }}} or a variable name, found a character that cannot go there',
    );
    expect(await templateProblem({ variables: ['x'] }, '{{#if x}}open')).toBe(
      'Template does not compile: Parse error on line 1 after "{{#if x}}open": expected {{else if …}} or {{else}} or a closing tag such as {{/if}}, found the end of the template',
    );
  });
});
