import Handlebars from 'handlebars';

/** A platform e-mail template (document 1 §3): double-brace variables rendered with Handlebars. */
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
];

export function renderTemplate(content: string, variables: Record<string, unknown>): string {
  return Handlebars.compile(content, { strict: false })(variables);
}

export function defaultTemplate(name: string): TemplateDefinition | undefined {
  return DEFAULT_TEMPLATES.find((t) => t.name === name);
}
