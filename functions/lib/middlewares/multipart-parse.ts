import Busboy from '@fastify/busboy';
import { ApiError, badRequest } from '../errors.js';
import { pluralize } from '../../../shared/domain/words.js';
import type { ApiEvent } from './types.js';
import type { MultipartFile, MultipartForm, MultipartLimits } from './multipart-types.js';

/*
 * The parsing half of ./multipart.ts, with @fastify/busboy: loaded with import() by the first
 * multipart request, so neither the parser nor this glue weighs on a cold start (infra/bundle.mjs).
 */

// Names are plain identifiers: no `a[]` or `a[b]` (nothing here builds arrays or nested objects
// from names) and none that means something to an object.
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const RESERVED_NAMES = new Set(['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']);
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
/** The whole body is in memory, so parsing ends within a few ticks; this only guards against a parser that never settles. */
const PARSE_DEADLINE_MS = 5_000;

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
  return parseMultipart(Busboy, contentType, body, limits);
}

type BusboyFactory = typeof Busboy;

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
          `This form takes at most ${pluralize(files, 'file')} and ${pluralize(fields, 'field')}`,
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
