/**
 * The shapes of a parsed multipart form and its limits, shared by the middleware (./multipart.ts) and
 * the parser it loads on first use (./multipart-parse.ts), so neither imports the other's module.
 */
/** One uploaded file of a form. `truncated`: the file was longer than the route's `fileSize`; `content` holds its first `fileSize` bytes. */
export interface MultipartFile {
  filename: string;
  mimetype: string;
  encoding: string;
  truncated: boolean;
  content: Buffer;
}

/** A parsed form: one value per field name, on an object without a prototype. */
export type MultipartForm = Record<string, string | MultipartFile>;

export interface MultipartLimits {
  /** Bytes per file. A longer file is not refused here: the operation sees `truncated` and answers with its own guidance (the presign route). */
  fileSize: number;
  /** Files per request (default 1). */
  files?: number;
  /** Text fields per request (default 20). */
  fields?: number;
  /** Bytes per text field (default 64 KB). */
  fieldSize?: number;
}
