import { loadOnce } from '../lib/load-once.js';

/**
 * handlebars (~78 KB) is loaded the first time a template is rendered or checked, not at cold start
 * (docs/decisions/house-lean-bundles-fourth-pass-every-api.md): the areas that import this module send mail from a few routes
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
    name: 'booking-confirmation',
    displayName: 'Booking confirmation',
    description:
      'Sent to the customer after a booking through a share link: what was booked, what to pay, by when and how',
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
    ],
    subject: 'Booking received: {{serviceName}} ({{reservationNumber}})',
    content: `<p>Thank you for booking {{serviceName}} with {{businessName}}.</p>
<p>Reservation number: {{reservationNumber}}<br>Time: {{slot}}<br>Participants: {{participants}}<br>Total due: {{total}}<br>Pay by: {{payBy}}</p>
<p>Your reservation is pending payment and will be cancelled automatically if payment is not received within {{holdHours}} hours.</p>
{{#if hasPaymentMethods}}<p>How to pay:<br>{{#each paymentLinks}}<a href="{{href}}">{{label}}</a> ({{handle}})<br>{{/each}}{{#if zelle}}Zelle: {{zelle}}<br>{{/if}}Payment note: {{paymentNote}}</p>{{else}}<p>Payment instructions will follow from the organizer.</p>{{/if}}`,
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
];

export async function renderTemplate(content: string, variables: Record<string, unknown>): Promise<string> {
  const Handlebars = await handlebars();
  return Handlebars.compile(content, { strict: false })(variables);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The plain-text twin of an HTML template, still a template: links become `label: {{url}}` (the
 * address on its own, after a space), line breaks and paragraphs become new lines, other tags go.
 * It is rendered WITHOUT HTML escaping, so `?token=abc` stays `?token=abc` (docs/decisions/hardening-e-mail-text-parts.md).
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
  const Handlebars = await handlebars();
  return {
    subject: Handlebars.compile(t.subject, { strict: false, noEscape: true })(variables).replace(/[\r\n]+/g, ' '),
    html: Handlebars.compile(t.content, { strict: false })(variables),
    text: Handlebars.compile(textTemplateOf(t.content), { strict: false, noEscape: true })(variables),
  };
}

export function defaultTemplate(name: string): TemplateDefinition | undefined {
  return DEFAULT_TEMPLATES.find((t) => t.name === name);
}
