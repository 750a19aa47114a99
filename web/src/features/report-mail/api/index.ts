/** The report e-mail page's request (docs/decisions/web-request-files.md). */
export { answerReportMail, type ReportMailAction, useAnswerReportMail } from './answer-report-mail.js';
