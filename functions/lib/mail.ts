import { inBackground } from './background.js';
import { config } from './config.js';
import { loadOnce } from './load-once.js';
import { logger } from './logger.js';
import { buildMimeMessage, type MimeAttachment } from './mime.js';

/**
 * The SES SDK is loaded on first send, not at cold start (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md): only a
 * few routes send mail (invites, booking confirmation, scheduled reports, the overdue sweep), so
 * the client lives in a chunk of its own that the area's other requests never load.
 */
const ses = /* @__PURE__ */ loadOnce(async () => {
  const sdk = await import('@aws-sdk/client-ses');
  const c = config();
  return {
    sdk,
    client: new sdk.SESClient({ region: c.region, ...(c.sesEndpoint ? { endpoint: c.sesEndpoint } : {}) }),
  };
});

/**
 * The send log loads with the first mail too, with its counter grouping (lib/mail-log.ts). The
 * count is not awaited (R-PLAT-15, docs/decisions/0252-mail-log-per-tenant.md): neither the mail nor the booking or
 * other request that sent it waits for the log or fails with it.
 */
const recordSend = (r: import('./mail-log.js').SendRecord): void =>
  inBackground('mail log', async () => (await import('./mail-log.js')).recordSend(r));

export function resetMail(): void {
  ses.reset();
}

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** For the send log (platform e-mail stats): the template name and the tenant, when known. */
  template?: string;
  tenant?: string;
}

/**
 * On AWS, mail goes out with the SES configuration set (env `SES_CONFIGURATION_SET`, infra/mail-events.ts)
 * whose delivery, bounce and complaint notifications functions/platform/mail-events.ts counts; the
 * template and tenant go along as SES message tags so the notifications can be counted per each.
 * Locally there is no configuration set: nothing is added.
 */
export function deliveryTracking(mail: Pick<Mail, 'template' | 'tenant'>) {
  const set = process.env.SES_CONFIGURATION_SET;
  if (!set) return {};
  const value = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 256);
  const tags = [
    ...(mail.template ? [{ Name: 'template', Value: value(mail.template) }] : []),
    ...(mail.tenant ? [{ Name: 'tenant', Value: value(mail.tenant) }] : []),
  ];
  return { ConfigurationSetName: set, ...(tags.length ? { Tags: tags } : {}) };
}

/** Sends one e-mail through SES (locally the SES emulator, whose inbox the runtime prints). */
async function sendMail(mail: Mail): Promise<void> {
  const { sdk, client: c } = await ses.get();
  await c.send(
    new sdk.SendEmailCommand({
      ...deliveryTracking(mail),
      Source: config().mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
      },
    }),
  );
}

/**
 * For mail that must not undo the change that caused it (the row is already committed): a failure
 * is logged and reported to the caller as `false`, so it can tell the person "saved, mail not sent".
 */
export async function trySendMail(mail: Mail): Promise<boolean> {
  let ok = false;
  try {
    await sendMail(mail);
    ok = true;
  } catch (e) {
    logger.warn('mail not sent', { error: e as Error, to: mail.to, subject: mail.subject });
  }
  recordSend({ ok, template: mail.template, tenant: mail.tenant });
  return ok;
}

interface MailWithAttachments extends Mail {
  attachments: MimeAttachment[];
  /** One-click unsubscribe address of this recipient (List-Unsubscribe / List-Unsubscribe-Post headers, see ./mime.ts). */
  listUnsubscribe?: string;
}

/**
 * Sends one e-mail with files attached (SES SendRawEmail; the MIME message is built by ./mime.ts)
 * and records it in the send log, sent or failed. Throws when SES refuses it, so the caller can
 * count the failure (scheduled reports keep run, success and failure counts).
 */
export async function sendMailWithAttachments(mail: MailWithAttachments): Promise<void> {
  const from = config().mailFrom;
  let ok = false;
  try {
    const raw = buildMimeMessage({
      from,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
      listUnsubscribe: mail.listUnsubscribe,
    });
    const { sdk, client: c } = await ses.get();
    await c.send(
      new sdk.SendRawEmailCommand({
        ...deliveryTracking(mail),
        Source: from,
        Destinations: [mail.to],
        RawMessage: { Data: raw },
      }),
    );
    ok = true;
  } finally {
    recordSend({ ok, template: mail.template, tenant: mail.tenant });
  }
}
