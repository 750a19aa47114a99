import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

type ReportMailAction = 'confirm' | 'unsubscribe';

/** A recipient's answer to a scheduled report's e-mail link: confirm (double opt-in) or unsubscribe. */
export const answerReportMail = (action: ReportMailAction, token: string) =>
  action === 'confirm'
    ? api('reports.mail.confirm', { params: { token } })
    : api('reports.mail.unsubscribe', { params: { token } });

/** No cache to revalidate: the page shows the answer's message. */
export function useAnswerReportMail(
  texts: MutationTexts<[ReportMailAction, string], Awaited<ReturnType<typeof answerReportMail>>>,
) {
  return useMutationAction(answerReportMail, texts);
}
