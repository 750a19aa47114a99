import { loadOnce } from './load-once.js';

/**
 * handlebars (~78 KB) is loaded the first time a template is rendered or checked, not at cold start
 * (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md): the areas that import this module send mail from a few routes
 * only. Keep the bare specifier 'handlebars': infra/bundle.mjs resolves it to the library without
 * its source-map.
 */
const handlebarsLib = /* @__PURE__ */ loadOnce(async () => (await import('handlebars')).default);
export const handlebars = (): Promise<typeof import('handlebars')> => handlebarsLib.get();

/** A platform e-mail template (R-PLAT-8): double-brace variables rendered with Handlebars. */
export interface TemplateDefinition {
  name: string;
  displayName: string;
  description: string;
  category: 'Reservations' | 'Invitations' | 'Notifications' | 'General';
  variables: string[];
  subject: string;
  content: string;
}

export const DEFAULT_TEMPLATES: TemplateDefinition[] = [
  {
    name: 'organization-invitation',
    displayName: 'Organization invitation',
    description: 'Sent to a new business owner invited from the platform portal',
    category: 'Invitations',
    variables: ['firstName', 'lastName', 'inviteUrl', 'expiresAt'],
    subject: "You're invited to set up your business",
    content: `<p>Hello {{firstName}} {{lastName}},</p>
<p>You have been invited to create your organization on our rental management platform.</p>
<p><a href="{{inviteUrl}}">Create your organization account</a></p>
<p>This invitation expires on {{expiresAt}}. If the button does not work, copy this address into your browser:<br>{{inviteUrl}}</p>`,
  },
  {
    name: 'employee-setup',
    displayName: 'Employee account setup',
    description:
      'Sent to an employee invited from the Employees page (and on resend): the link to set their own password',
    category: 'Invitations',
    variables: ['firstName', 'lastName', 'organizationName', 'setupUrl', 'expiresAt'],
    subject: 'Set up your {{organizationName}} account',
    content: `<p>Hello {{firstName}} {{lastName}},</p>
<p>{{organizationName}} has added you to its team. Set up your account to choose your password; afterwards you sign in with your email address.</p>
<p><a href="{{setupUrl}}">Complete your account setup</a></p>
<p>This link works once and expires on {{expiresAt}}. If the button does not work, copy this address into your browser:<br>{{setupUrl}}</p>`,
  },
  {
    name: 'reservation-overdue',
    displayName: 'Reservation overdue',
    description:
      'Sent once to the customer (when an e-mail is on file) when a rental passes its end time without being returned',
    category: 'Reservations',
    variables: ['firstName', 'lastName', 'reservationNumber', 'itemName', 'endTime', 'businessName'],
    subject: 'Your rental {{reservationNumber}} is overdue',
    content: `<p>Hello {{firstName}} {{lastName}},</p>
<p>Your rental of {{itemName}} (reservation {{reservationNumber}}) was due back at {{endTime}}.</p>
<p>This reservation is overdue and may incur additional charges. Please return it as soon as you can, or contact {{businessName}}.</p>`,
  },
  {
    name: 'reservation-reminder',
    displayName: 'Reservation reminder',
    description:
      "Sent to the customer before a booking starts, at the offsets of the Notification Preferences page or the service's Reminders tab, with the booking as a calendar file and a link to cancel it online",
    category: 'Reservations',
    variables: [
      'firstName',
      'lastName',
      'businessName',
      'businessPhone',
      'businessEmail',
      'businessAddress',
      'reservationNumber',
      'what',
      'when',
      'where',
      'participants',
      'total',
      'unpaid',
      'hasPaymentMethods',
      'paymentLinks',
      'zelle',
      'paymentNote',
      'cancelUrl',
      'cancelOpen',
      'cancelUntil',
    ],
    subject: 'Reminder: {{what}} on {{when}} ({{reservationNumber}})',
    content: `<p>Hello {{firstName}} {{lastName}},</p>
<p>This is a reminder of your booking with {{businessName}}.</p>
<p>Reservation number: {{reservationNumber}}<br>What: {{what}}<br>When: {{when}}<br>Where: {{where}}{{#if participants}}<br>Participants: {{participants}}{{/if}}<br>Total: {{total}}</p>
{{#if unpaid}}<p>This booking is not paid yet.{{#if hasPaymentMethods}} How to pay:<br>{{#each paymentLinks}}<a href="{{href}}">{{label}}</a> ({{handle}})<br>{{/each}}{{#if zelle}}Zelle: {{zelle}}<br>{{/if}}Payment note: {{paymentNote}}{{/if}}</p>{{/if}}
{{#if cancelOpen}}<p>Can't make it? <a href="{{cancelUrl}}">Cancel this booking</a> (online until {{cancelUntil}}).</p>{{else}}<p><a href="{{cancelUrl}}">View this booking</a>. Online cancellation closed on {{cancelUntil}}; to change it, contact {{businessName}}.</p>{{/if}}
<p>{{businessName}}{{#if businessPhone}}<br>Phone: {{businessPhone}}{{/if}}{{#if businessEmail}}<br>E-mail: {{businessEmail}}{{/if}}{{#if businessAddress}}<br>{{businessAddress}}{{/if}}</p>`,
  },
  {
    name: 'booking-confirmation',
    displayName: 'Booking confirmation',
    description:
      'Sent to the customer after a booking through a share link: what was booked, what to pay, by when and how, with the booking as a calendar file and a link to view or cancel it',
    category: 'Reservations',
    variables: [
      'businessName',
      'serviceName',
      'reservationNumber',
      'slot',
      'participants',
      'total',
      'payBy',
      'holdHours',
      'hasPaymentMethods',
      'paymentLinks',
      'zelle',
      'paymentNote',
      'cancelUrl',
      'cancelOpen',
      'cancelUntil',
      'businessPhone',
    ],
    subject: 'Booking received: {{serviceName}} ({{reservationNumber}})',
    content: `<p>Thank you for booking {{serviceName}} with {{businessName}}.</p>
<p>Reservation number: {{reservationNumber}}<br>Time: {{slot}}<br>Participants: {{participants}}<br>Total due: {{total}}<br>Pay by: {{payBy}}</p>
<p>Your reservation is pending payment and will be cancelled automatically if payment is not received by {{payBy}}.</p>
{{#if hasPaymentMethods}}<p>How to pay:<br>{{#each paymentLinks}}<a href="{{href}}">{{label}}</a> ({{handle}})<br>{{/each}}{{#if zelle}}Zelle: {{zelle}}<br>{{/if}}Payment note: {{paymentNote}}</p>{{else}}<p>Payment instructions will follow from the organizer.</p>{{/if}}
{{#if cancelOpen}}<p><a href="{{cancelUrl}}">View or cancel this booking</a> (online until {{cancelUntil}}).</p>{{else}}<p><a href="{{cancelUrl}}">View this booking</a>. To change or cancel it, contact {{businessName}}{{#if businessPhone}} ({{businessPhone}}){{/if}}.</p>{{/if}}
<p>The booking is attached as a calendar file.</p>`,
  },
  {
    name: 'reservation-cancelled',
    displayName: 'Reservation cancelled',
    description:
      'Sent to the customer (when an e-mail is on file) when staff cancel a booking, the customer cancels it online, or an unpaid booking lapses at its payment deadline: what was cancelled, any payment on record, and a calendar file that removes the booking from their calendar',
    category: 'Reservations',
    variables: [
      'firstName',
      'lastName',
      'businessName',
      'businessPhone',
      'businessEmail',
      'businessAddress',
      'reservationNumber',
      'what',
      'when',
      'participants',
      'byCustomer',
      'byStaff',
      'unpaidLapsed',
      'paid',
      'paidAmount',
    ],
    subject: 'Cancelled: {{what}} on {{when}} ({{reservationNumber}})',
    content: `<p>Hello {{firstName}} {{lastName}},</p>
<p>{{#if byCustomer}}As you asked, your booking with {{businessName}} is cancelled.{{/if}}{{#if byStaff}}{{businessName}} has cancelled your booking.{{/if}}{{#if unpaidLapsed}}Your booking with {{businessName}} is cancelled: payment was not received by the deadline.{{/if}}</p>
<p>Reservation number: {{reservationNumber}}<br>What: {{what}}<br>When: {{when}}{{#if participants}}<br>Participants: {{participants}}{{/if}}</p>
{{#if paid}}<p>{{businessName}} has a payment of {{paidAmount}} on record for this booking. Any refund follows its policy; please contact {{businessName}} about it.</p>{{/if}}
<p>The attached calendar file removes the booking from your calendar.</p>
<p>Questions? Contact {{businessName}}{{#if businessPhone}}<br>Phone: {{businessPhone}}{{/if}}{{#if businessEmail}}<br>E-mail: {{businessEmail}}{{/if}}{{#if businessAddress}}<br>{{businessAddress}}{{/if}}</p>`,
  },
  {
    name: 'business-cancellation-notice',
    displayName: 'Business notice: customer cancelled',
    description:
      "Sent to the business's contact e-mail when a customer cancels a booking online (switch on the Notification Preferences page)",
    category: 'Notifications',
    variables: [
      'businessName',
      'customerName',
      'customerEmail',
      'customerPhone',
      'reservationNumber',
      'what',
      'when',
      'participants',
      'paid',
      'paidAmount',
    ],
    subject: 'Cancelled by the customer: {{what}} on {{when}} ({{reservationNumber}})',
    content: `<p>{{customerName}} cancelled their booking online.</p>
<p>Reservation number: {{reservationNumber}}<br>What: {{what}}<br>When: {{when}}{{#if participants}}<br>Participants: {{participants}}{{/if}}</p>
<p>Customer: {{customerName}}{{#if customerEmail}}<br>E-mail: {{customerEmail}}{{/if}}{{#if customerPhone}}<br>Phone: {{customerPhone}}{{/if}}</p>
{{#if paid}}<p>A payment of {{paidAmount}} is on record for this booking: settle any refund with the customer.</p>{{/if}}
<p>The booking's places are free again. You can turn these e-mails off on the Notification Preferences page of {{businessName}}.</p>`,
  },
  {
    name: 'business-no-show-notice',
    displayName: 'Business notice: no-show',
    description:
      "Sent to the business's contact e-mail when a reservation is marked as a no-show (switch on the Notification Preferences page)",
    category: 'Notifications',
    variables: [
      'businessName',
      'customerName',
      'customerEmail',
      'customerPhone',
      'reservationNumber',
      'what',
      'when',
      'participants',
      'markedBy',
    ],
    subject: 'No-show: {{customerName}}, {{what}} on {{when}} ({{reservationNumber}})',
    content: `<p>{{customerName}} did not show up for their booking{{#if markedBy}} (marked by {{markedBy}}){{/if}}.</p>
<p>Reservation number: {{reservationNumber}}<br>What: {{what}}<br>When: {{when}}{{#if participants}}<br>Participants: {{participants}}{{/if}}</p>
<p>Customer: {{customerName}}{{#if customerEmail}}<br>E-mail: {{customerEmail}}{{/if}}{{#if customerPhone}}<br>Phone: {{customerPhone}}{{/if}}</p>
<p>You can turn these e-mails off on the Notification Preferences page of {{businessName}}.</p>`,
  },
  {
    name: 'scheduled-report',
    displayName: 'Scheduled report',
    description:
      'Sent to each recipient of a scheduled report (Reports, Schedule tab) at its time or on Run now, with the report attached',
    category: 'Notifications',
    variables: ['businessName', 'scheduleName', 'reportTitle', 'period', 'fileName', 'frequency', 'unsubscribeUrl'],
    subject: '{{reportTitle}} - {{period}} ({{businessName}})',
    content: `<p>Hello,</p>
<p>Attached is the {{reportTitle}} of {{businessName}} for {{period}} ({{fileName}}).</p>
<p>It is sent by the {{frequency}} scheduled report "{{scheduleName}}".</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe from this report</a></p>`,
  },
  {
    name: 'report-recipient-confirmation',
    displayName: 'Scheduled report: confirm recipient',
    description:
      'Sent once to an address outside the organization that an administrator added to a scheduled report: nothing more is sent to it until it confirms',
    category: 'Notifications',
    // No schedule name: it is free text, and this mail goes to someone who never asked for anything.
    variables: ['businessName', 'reportTitle', 'frequency', 'confirmUrl', 'expiresAt'],
    subject: 'Confirm: receive the {{reportTitle}} of {{businessName}}?',
    content: `<p>Hello,</p>
<p>An administrator of {{businessName}} would like to send you its {{reportTitle}} by e-mail ({{frequency}}).</p>
<p>You will receive nothing unless you confirm: <a href="{{confirmUrl}}">Yes, send me this report</a></p>
<p>If you did not expect this, ignore this e-mail. The link expires on {{expiresAt}}.</p>`,
  },
  {
    name: 'waitlist-confirm',
    displayName: 'Waitlist: confirm your place',
    description:
      'Sent to a customer who joined the waitlist of a full time slot on a share link: the link that confirms their address and gives them their place in line',
    category: 'Reservations',
    variables: ['businessName', 'firstName', 'serviceName', 'slot', 'participants', 'confirmBy', 'confirmUrl'],
    subject: 'Confirm your place on the waitlist: {{serviceName}}',
    content: `<p>Hello {{firstName}},</p>
<p>You asked to join the waitlist of {{businessName}} for {{serviceName}}.</p>
<p>Time: {{slot}}<br>Participants: {{participants}}</p>
<p><a href="{{confirmUrl}}">Confirm my place</a></p>
<p>Your place in line starts when you confirm. If you do not confirm by {{confirmBy}}, the request lapses. If you did not ask for this, ignore this e-mail.</p>`,
  },
  {
    name: 'waitlist-joined',
    displayName: 'Waitlist: joined',
    description:
      'Sent to a customer once they have confirmed their place on the waitlist of a full time slot: their position and a link to leave',
    category: 'Reservations',
    variables: ['businessName', 'firstName', 'serviceName', 'slot', 'participants', 'position', 'leaveUrl'],
    subject: 'You are on the waitlist: {{serviceName}}',
    content: `<p>Hello {{firstName}},</p>
<p>Your place is confirmed: you are on the waitlist of {{businessName}} for {{serviceName}}.</p>
<p>Time: {{slot}}<br>Participants: {{participants}}<br>Your position: {{position}}</p>
<p>If places free up, we will e-mail you an offer that holds them for you for a limited time.</p>
<p><a href="{{leaveUrl}}">Leave the waitlist</a></p>`,
  },
  {
    name: 'waitlist-offer',
    displayName: 'Waitlist: places offered',
    description:
      'Sent to the next person on a waitlist when places free up: the places are held for them until the time shown',
    category: 'Reservations',
    variables: ['businessName', 'firstName', 'serviceName', 'slot', 'participants', 'total', 'holdUntil', 'offerUrl'],
    subject: 'Places are free: {{serviceName}}',
    content: `<p>Hello {{firstName}},</p>
<p>Places have come free for {{serviceName}} with {{businessName}}, and we are holding them for you.</p>
<p>Time: {{slot}}<br>Participants: {{participants}}<br>Total: {{total}}<br>Held until: {{holdUntil}}</p>
<p><a href="{{offerUrl}}">Book now</a></p>
<p>If you do not book by then, the places go to the next person waiting.</p>`,
  },
  {
    name: 'employee-email-confirm',
    displayName: 'Employee: confirm a new e-mail address',
    description:
      "Sent to the new address when an employee's e-mail is changed (R-EMP-9): the address takes effect only once its owner follows the link",
    category: 'Notifications',
    variables: ['firstName', 'organizationName', 'newEmail', 'confirmUrl', 'expiresAt'],
    subject: 'Confirm your new email address for {{organizationName}}',
    content: `<p>Hello {{firstName}},</p>
<p>Your email address at {{organizationName}} is being changed to {{newEmail}}. It takes effect only once you confirm it:</p>
<p><a href="{{confirmUrl}}">Confirm my new email address</a></p>
<p>The link expires on {{expiresAt}}. If you did not expect this, ignore this e-mail: nothing changes.</p>`,
  },
  {
    name: 'employee-email-change-notice',
    displayName: 'Employee: e-mail change notice to the old address',
    description:
      "Sent to the current address when an employee's e-mail is being changed (R-EMP-9), so a change its owner did not make does not go unnoticed",
    category: 'Notifications',
    variables: ['firstName', 'organizationName', 'newEmail'],
    subject: 'Your email address at {{organizationName}} is being changed',
    content: `<p>Hello {{firstName}},</p>
<p>Your email address at {{organizationName}} is being changed to {{newEmail}}. The change takes effect only once the new address is confirmed; until then you keep signing in with this one.</p>
<p>If this was not you, tell an administrator of {{organizationName}}: they can cancel the change on your employee page.</p>`,
  },
  {
    name: 'webhook-endpoint-disabled',
    displayName: 'Webhook endpoint disabled',
    description:
      'Sent to every administrator when a webhook endpoint has failed for 5 days and was disabled (R-SET-10): nothing is disabled silently',
    category: 'Notifications',
    variables: ['firstName', 'businessName', 'url', 'failingSince', 'settingsUrl'],
    subject: 'Webhook endpoint disabled: {{businessName}}',
    content: `<p>Hello {{firstName}},</p>
<p>The webhook endpoint {{url}} of {{businessName}} has not accepted a delivery since {{failingSince}}, so it has been disabled. No more events are sent to it.</p>
<p>Check that the receiver is running and answers with a 2xx status within 10 seconds, then enable the endpoint again and replay the deliveries it missed:<br>{{settingsUrl}}</p>`,
  },
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The plain-text twin of an HTML template, still a template: links become `label: {{url}}` (the
 * address on its own, after a space), line breaks and paragraphs become new lines, other tags go.
 * It is rendered WITHOUT HTML escaping, so `?token=abc` stays `?token=abc` (docs/decisions/0162-hardening-e-mail-text-parts.md).
 */
export function textTemplateOf(content: string): string {
  return content
    .replace(/<a\s[^>]*?href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return !text || text === href.trim() ? href : `${text}: ${href}`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|table|ul|ol)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * One template, both parts: the HTML part escapes every value (a name cannot inject markup), the text
 * part and the subject (a header, not HTML) print values as they are. Every e-mail the product sends
 * from a template goes through here.
 */
export async function renderEmail(
  t: Pick<TemplateDefinition, 'subject' | 'content'>,
  variables: Record<string, unknown>,
): Promise<RenderedEmail> {
  const key = `${t.subject}\u0000${t.content}`;
  let compiled = compiledEmails.get(key);
  if (!compiled) {
    if (compiledEmails.size >= 100) compiledEmails.clear();
    compiled = compileEmail(t);
    compiledEmails.set(key, compiled);
    compiled.catch(() => compiledEmails.delete(key));
  }
  return (await compiled)(variables);
}

/**
 * Compiling costs far more than rendering (milliseconds a mail, in a booking's answer). The key is
 * the template's own text, read fresh by every sender, so an edited template is compiled anew.
 */
const compiledEmails = new Map<string, Promise<(variables: Record<string, unknown>) => RenderedEmail>>();

/**
 * renderEmail's template compiled once, for a sender of many e-mails from one template (the reminder
 * sweep renders thousands a run): the same parts, the same escaping.
 */
export async function compileEmail(
  t: Pick<TemplateDefinition, 'subject' | 'content'>,
): Promise<(variables: Record<string, unknown>) => RenderedEmail> {
  const Handlebars = await handlebars();
  const subject = Handlebars.compile(t.subject, { strict: false, noEscape: true });
  const html = Handlebars.compile(t.content, { strict: false });
  const text = Handlebars.compile(textTemplateOf(t.content), { strict: false, noEscape: true });
  return (variables) => ({
    subject: subject(variables).replace(/[\r\n]+/g, ' '),
    html: html(variables),
    text: text(variables),
  });
}

export function defaultTemplate(name: string): TemplateDefinition | undefined {
  return DEFAULT_TEMPLATES.find((t) => t.name === name);
}
