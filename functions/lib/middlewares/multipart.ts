import { ApiError, badRequest } from '../errors.js';
import { loadOnce } from '../load-once.js';
import type { ApiEvent, ApiMiddleware } from './types.js';

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

// Names are plain identifiers: no `a[]` or `a[b]` (nothing here builds arrays or nested objects
// from names) and none that means something to an object.
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const RESERVED_NAMES = new Set(['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']);
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
/** The whole body is in memory, so parsing ends within a few ticks; this only guards against a parser that never settles. */
const PARSE_DEADLINE_MS = 5_000;

const loadBusboy = loadOnce(async () => (await import('@fastify/busboy')).default);

/**
 * Multipart form bodies for the areas that take them: the area's handler passes this to
 * createAreaHandler (so only those bundles carry it), and the pipeline runs it on the routes whose
 * contract kind is 'multipart' only. It runs after authorisation.
 *
 * @fastify/busboy (~25 KB) is loaded with import() by the first multipart request, not at cold start
 * (issue 9 item 6, "Lean Lambdas"). The glue is ours, not @middy/http-multipart-body-parser's, whose
 * missing 'error' listeners on file streams and `name[]` handling let one request end the process
 * (issue 22 item 1; docs/decisions/multipart-and-availability.md). Here every stream's error is
 * handled, the form has no prototype, and whatever the parser or the limits refuse is a 400 or 413.
 */
export function multipart(limits: MultipartLimits): ApiMiddleware {
  return {
    before: async (request) => {
      request.event.body = await parseMultipartEvent(request.event, limits);
    },
  };
}

/** The form of an API Gateway event whose route takes multipart bodies; 4xx ApiErrors for everything else. */
export async function parseMultipartEvent(event: ApiEvent, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
  if (typeof contentType !== 'string' || !MULTIPART_TYPE.test(contentType)) {
    throw new ApiError(415, 'UnsupportedMediaType', 'Send this form as multipart/form-data');
  }
  const raw = event.body;
  if (typeof raw !== 'string' || raw === '')
    throw badRequest('The form is empty: send its fields and file as multipart/form-data');
  const body = Buffer.from(raw, event.isBase64Encoded ? 'base64' : 'utf8');
  return parseMultipart(await loadBusboy.get(), contentType, body, limits);
}

type BusboyFactory = Awaited<ReturnType<typeof loadBusboy.get>>;

function parseMultipart(
  Busboy: BusboyFactory,
  contentType: string,
  body: Buffer,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  const files = limits.files ?? 1;
  const fields = limits.fields ?? 20;
  const fieldSize = limits.fieldSize ?? 64 * 1024;
  return new Promise<MultipartForm>((resolve, reject) => {
    const form: MultipartForm = Object.create(null) as MultipartForm;
    let settled = false;
    let finished = false;
    let openFiles = 0;
    let problem: ApiError | undefined;
    const refuse = (e: ApiError) => {
      problem ??= e;
      settle();
    };
    const settle = () => {
      if (settled) return;
      if (problem) {
        settled = true;
        clearTimeout(deadline);
        reject(problem);
      } else if (finished && openFiles === 0) {
        settled = true;
        clearTimeout(deadline);
        resolve(form);
      }
    };
    const deadline = setTimeout(
      () => refuse(badRequest('The multipart form could not be read to its end')),
      PARSE_DEADLINE_MS,
    );
    deadline.unref?.();

    /** The name's problem, if any; else records that the name is taken. */
    const claim = (name: string | undefined): ApiError | undefined => {
      if (name === undefined || name === '') return badRequest('Every part of the form needs a name');
      if (!FIELD_NAME.test(name) || RESERVED_NAMES.has(name)) {
        return badRequest(
          `The form field name "${name.slice(0, 64)}" is not accepted: use letters, digits, '-', '_' and '.', without brackets`,
        );
      }
      if (Object.hasOwn(form, name)) return badRequest(`The form field "${name}" is sent more than once`);
      return undefined;
    };

    let fileCount = 0;
    const tooManyFiles = () =>
      new ApiError(413, 'PayloadTooLarge', `This form takes at most ${files} file${files === 1 ? '' : 's'}`);

    let bb: ReturnType<BusboyFactory>;
    try {
      // One file past the limit reaches the 'file' listener, so a repeated name is told as such (400), not as one file too many.
      bb = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: files + 1, fields, fieldSize, fileSize: limits.fileSize, parts: files + 1 + fields },
      });
    } catch {
      refuse(badRequest('The multipart/form-data content type needs a boundary (multipart/form-data; boundary=...)'));
      return;
    }

    // Nothing below may throw: busboy calls these from its own stream events, where a throw is an uncaught exception.
    bb.on('file', (name, stream, filename, encoding, mimetype) => {
      // Every file stream is read to its end (or its error), whatever happens to the form.
      const chunks: Buffer[] = [];
      const refused = claim(name) ?? (++fileCount > files ? tooManyFiles() : undefined);
      if (refused) {
        stream.on('error', () => undefined);
        stream.resume();
        refuse(refused);
        return;
      }
      openFiles++;
      const file: MultipartFile = {
        filename: filename ?? '',
        mimetype,
        encoding,
        truncated: false,
        content: Buffer.alloc(0),
      };
      form[name] = file;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => {
        openFiles--;
        refuse(badRequest('The multipart form ends in the middle of a file'));
      });
      stream.on('end', () => {
        openFiles--;
        file.truncated = stream.truncated;
        file.content = Buffer.concat(chunks);
        settle();
      });
    });
    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
      const refused = claim(name);
      if (refused) return refuse(refused);
      if (valueTruncated)
        return refuse(
          new ApiError(
            413,
            'PayloadTooLarge',
            `The form field "${name}" is longer than ${Math.floor(fieldSize / 1024)} KB`,
          ),
        );
      form[name] = value;
    });
    bb.on('filesLimit', () => refuse(tooManyFiles()));
    bb.on('fieldsLimit', () =>
      refuse(new ApiError(413, 'PayloadTooLarge', `This form takes at most ${fields} fields`)),
    );
    bb.on('partsLimit', () =>
      refuse(
        new ApiError(
          413,
          'PayloadTooLarge',
          `This form takes at most ${files} file${files === 1 ? '' : 's'} and ${fields} fields`,
        ),
      ),
    );
    bb.on('error', () => refuse(badRequest('Invalid or malformed multipart/form-data was provided')));
    bb.on('finish', () => {
      finished = true;
      settle();
    });
    try {
      bb.end(body);
    } catch {
      refuse(badRequest('Invalid or malformed multipart/form-data was provided'));
    }
  });
}
