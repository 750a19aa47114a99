import { SESClient, SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { config } from './config.js';
import { logger } from './logger.js';
import { buildMimeMessage, type MimeAttachment } from './mime.js';
import { recordSend } from '../platform/mail-log.js';

let client: SESClient | undefined;
function ses(): SESClient {
  const c = config();
  client ??= new SESClient({ region: c.region, ...(c.sesEndpoint ? { endpoint: c.sesEndpoint } : {}) });
  return client;
}

export function resetMail(): void {
  client = undefined;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** For the send log (platform e-mail stats): the template name and the tenant, when known. */
  template?: string;
  tenant?: string;
}

/** Sends one e-mail through SES (locally the SES emulator, whose inbox the runtime prints). */
export async function sendMail(mail: Mail): Promise<void> {
  await ses().send(
    new SendEmailCommand({
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
  await recordSend({ ok, template: mail.template, tenant: mail.tenant });
  return ok;
}

export interface MailWithAttachments extends Mail {
  attachments: MimeAttachment[];
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
    const raw = buildMimeMessage({ from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
    await ses().send(new SendRawEmailCommand({ Source: from, Destinations: [mail.to], RawMessage: { Data: raw } }));
    ok = true;
  } finally {
    await recordSend({ ok, template: mail.template, tenant: mail.tenant });
  }
}
