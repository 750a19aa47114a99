import { badRequest, notFound } from '../lib/errors.js';
import { renderEmail } from '../lib/templates.js';
import {
  listTemplates,
  loadTemplate,
  sampleVariables,
  sanitizeHtml,
  saveTemplate,
  templateProblem,
  type StoredTemplate,
} from '../lib/template-store.js';

const CATEGORIES = ['Reservations', 'Invitations', 'Notifications', 'General'] as const;

const view = (t: StoredTemplate) => ({
  name: t.name,
  displayName: t.displayName,
  description: t.description,
  category: t.category,
  variables: t.variables,
  subject: t.subject,
  content: t.content,
  updatedAt: t.updatedAt,
  isDefault: t.isDefault,
});

export async function listTemplatesOp() {
  const templates = await listTemplates();
  // A template without a category counts as General (R-PLAT-5).
  const categories = CATEGORIES.map((c) => ({
    name: c,
    count: templates.filter((t) => (t.category || 'General') === c).length,
  }));
  return { templates: templates.map(view), categories };
}

async function found(name: string): Promise<StoredTemplate> {
  const t = await loadTemplate(name);
  if (!t) throw notFound('Template not found');
  return t;
}

export async function getTemplateOp(name: string) {
  return { template: view(await found(name)) };
}

export async function updateTemplateOp(name: string, content: string, actor: string) {
  const t = await found(name);
  if (!content.trim()) throw badRequest('Template content is required');
  const problem = await templateProblem(t, content);
  if (problem) throw badRequest(problem);
  await saveTemplate(name, content, actor);
  return { success: true, template: view({ ...t, content, isDefault: false, updatedAt: new Date().toISOString() }) };
}

export async function previewTemplateOp(name: string, variables: Record<string, unknown> | undefined) {
  const t = await found(name);
  const vars = {
    ...sampleVariables(t),
    ...Object.fromEntries(
      Object.entries(variables ?? {}).filter(
        ([k, v]) => t.variables.includes(k) && (typeof v === 'string' || typeof v === 'number'),
      ),
    ),
  };
  const mail = await renderEmail(t, vars);
  return { subject: mail.subject, html: sanitizeHtml(mail.html), text: mail.text };
}
