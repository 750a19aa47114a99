import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from './config.js';
import { logger } from './logger.js';
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
