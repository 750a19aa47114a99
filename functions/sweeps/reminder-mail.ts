import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { formatCents } from '../../shared/domain/money.js';
import { DEFAULT_CANCEL_CUTOFF_HOURS, type ReminderSettings } from '../../shared/domain/reminders.js';
import { bookingWhenText } from '../../shared/domain/reminder-text.js';
import {
  configuredMethods,
  paymentLinks,
  paymentNoteFor,
  type PaymentMethods,
} from '../../shared/domain/share-payment.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sendMailWithAttachments } from '../lib/mail.js';
import { renderStoredEmail } from '../lib/template-store.js';
import type { RenderedEmail } from '../lib/templates.js';
import { type BusinessBits, calendarAttachment, manageLink } from '../reservation-rows/booking-mail.js';
import type { ReservationRow } from '../reservation-rows/entity.js';
import { SERVICE_ROWS } from '../services/model.js';

/**
 * The reminder e-mail of the reminder sweep (R-SET-7, docs/decisions/0232-reminder-sweep.md, reminders.ts)
 * and what it shows of the business and the service.
 */
export const TEMPLATE = 'reservation-reminder';

interface ServiceBits {
  name?: string;
  reminderSettings?: { enabled?: boolean; beforeMinutes?: number[] };
  paymentSettings?: PaymentMethods;
  paymentNote?: string | null;
  showPaymentOptions?: boolean;
}

export async function serviceOf(tenant: TenantId, serviceId: string): Promise<ServiceBits | null> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
      ProjectionExpression: '#n, reminderSettings, paymentSettings, paymentNote, showPaymentOptions',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  return (res.Item as ServiceBits | undefined) ?? null;
}

/**
 * The reminder e-mail (template 'reservation-reminder'): every time in the reservation's zone (the
 * organization's, or the service's own for its slots) with the zone named, the booking as an .ics
 * file, and a single-use link to cancel online.
 */
export async function sendReminder(
  tenant: TenantId,
  r: ReservationRow,
  settings: ReminderSettings,
  service: ServiceBits | null,
  business: BusinessBits,
  now: number,
  render?: (variables: Record<string, unknown>) => RenderedEmail,
): Promise<void> {
  const zone = r.timeZone || business.zone;
  const cutoff = settings.cancelCutoffHours ?? DEFAULT_CANCEL_CUTOFF_HOURS;
  const manage = await manageLink(tenant, r, business, cutoff, now);
  const what = r.inventoryItem?.name ?? r.service?.name ?? service?.name ?? 'Your booking';
  const totalCents = r.totalAmountCents ?? 0;
  const unpaid = r.kind === 'SERVICE' && r.isPaid !== true && totalCents > 0;
  const methods = unpaid && service?.showPaymentOptions !== false ? configuredMethods(service?.paymentSettings) : {};
  const paymentNote = paymentNoteFor(r.reservationNumber, what, service?.paymentNote);
  const links = unpaid ? paymentLinks(methods, totalCents / 100, paymentNote, { mobile: false }) : [];
  const when = bookingWhenText(r.startTime, r.endTime, zone);
  const variables = {
    firstName: r.customer.firstName,
    lastName: r.customer.lastName,
    businessName: business.name,
    businessPhone: business.phone ?? '',
    businessEmail: business.email ?? '',
    businessAddress: business.address ?? '',
    reservationNumber: r.reservationNumber,
    what,
    when,
    where: business.address ?? business.name,
    participants: r.kind === 'SERVICE' ? (r.participantCount ?? 1) : '',
    total: formatCents(totalCents),
    unpaid,
    hasPaymentMethods: links.length > 0 || Boolean(methods.zelle),
    paymentLinks: links,
    zelle: methods.zelle ?? '',
    paymentNote,
    ...manage,
  };
  const mail = render ? render(variables) : await renderStoredEmail(TEMPLATE, variables);
  await sendMailWithAttachments({
    to: r.customer.email!,
    ...mail,
    template: TEMPLATE,
    tenant,
    attachments: [calendarAttachment(tenant, r, what, business)],
  });
}
