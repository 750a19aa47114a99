import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { TEMPLATES } from './keys.js';

export const updateTemplate = (name: string, content: string) =>
  api('platform.updateTemplate', { params: { name }, body: { content } });

export function useUpdateTemplate(texts: MutationTexts<[string, string], Awaited<ReturnType<typeof updateTemplate>>>) {
  return useMutationAction(updateTemplate, { ...texts, revalidate: [TEMPLATES] });
}
