/** The report e-mail page's request (docs/decisions/0235-web-request-files.md). */
export { useAnswerReportMail } from './answer-report-mail.js';
