/**
 * The multipart route's ceiling: the pipeline's busboy limit, under Lambda's 6 MB request limit. Its own
 * module because the handler needs it at cold start while ./documents.ts loads on first use.
 */
export const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;
