import { randomUUID } from 'node:crypto';
import { ApiError, badRequest, notFound, payloadTooLarge } from '../lib/errors.js';
import { isConditionFailure } from '../lib/db.js';
import {
  deleteObjects,
  getObjectBytes,
  headObject,
  incomingKeys,
  presignGet,
  presignPost,
  putObject,
} from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import { MULTIPART_MAX_BYTES } from './document-limits.js';
import { isSingleLine, singleLineMessage } from '../../shared/domain/text.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  documentExtension,
  EMPLOYEE_MESSAGES,
  isPreviewable,
  type DocumentExtension,
} from '../../shared/domain/employees.js';
import {
  getDocument,
  listDocuments,
  markDocumentReady,
  putDocument,
  removeDocumentRow,
  type DocumentRow,
} from './document-rows.js';
import { getEmployee } from './store.js';

export { MULTIPART_MAX_BYTES } from './document-limits.js';
/** How long a file link handed to the browser works. */
export const FILE_URL_TTL_SECONDS = 300;

export const documentKey = (tenant: TenantId, userId: string, docId: string, ext: string) =>
  `tenants/${tenant}/documents/${userId}/${docId}.${ext}`;
/** Where the presigned form writes: never the accepted file's key, which only completeOp writes (lib/files.ts, incomingKeys). */
const incomingDocumentKey = (tenant: TenantId, doc: DocumentRow) =>
  incomingKeys.document(tenant, doc.userId, doc.id, documentExtension(doc.fileName)!);

/**
 * Does the content match the extension? Magic numbers for the binary kinds; a .txt must be UTF-8
 * text without NUL bytes. The name and the declared type are never trusted on their own.
 */
export function bytesMatch(ext: DocumentExtension, b: Uint8Array): boolean {
  const starts = (...sig: number[]) => b.length >= sig.length && sig.every((v, i) => b[i] === v);
  switch (ext) {
    case 'pdf':
      return starts(0x25, 0x50, 0x44, 0x46, 0x2d);
    case 'doc':
      return starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    case 'docx':
      return starts(0x50, 0x4b, 0x03, 0x04);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'txt': {
      if (b.length === 0 || b.includes(0)) return false;
      try {
        // stream: a multi-byte character cut at the end of the sample is not an error.
        new TextDecoder('utf-8', { fatal: true }).decode(b, { stream: true });
        return true;
      } catch {
        return false;
      }
    }
  }
}

export function publicDocument(d: DocumentRow) {
  return {
    id: d.id,
    name: d.name,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.mimeType,
    fileUrl: `/api/users/${encodeURIComponent(d.userId)}/documents/${encodeURIComponent(d.id)}/file`,
    previewable: isPreviewable(d.fileName, d.mimeType),
    createdAt: d.createdAt,
    uploadedByName: d.uploadedByName,
  };
}

async function requireEmployee(tenant: TenantId, userId: string) {
  const row = await getEmployee(tenant, userId);
  if (!row) throw notFound('Employee not found');
  return row;
}

function checkName(fileName: string): DocumentExtension {
  const ext = documentExtension(fileName);
  if (!ext) throw badRequest(EMPLOYEE_MESSAGES.documentType);
  return ext;
}

const uploader = (auth: AuthClaims) => auth.username;

export async function listOp(tenant: TenantId, userId: string) {
  await requireEmployee(tenant, userId);
  const docs = (await listDocuments(tenant, userId))
    .filter((d) => d.status === 'READY')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { documents: docs.map(publicDocument) };
}

interface MultipartFile {
  filename?: string;
  mimetype?: string;
  truncated?: boolean;
  content?: Buffer;
}

/** The documented multipart route (name, file, employeeId): files up to 4 MB; larger ones go through presign. */
export async function uploadMultipartOp(
  tenant: TenantId,
  userId: string,
  auth: AuthClaims,
  form: Record<string, unknown>,
) {
  const name = typeof form.name === 'string' ? form.name.trim() : '';
  const file = (Array.isArray(form.file) ? form.file[0] : form.file) as MultipartFile | undefined;
  if (!name || !file || typeof file !== 'object' || !file.content || !file.filename)
    throw badRequest(EMPLOYEE_MESSAGES.documentsRequired);
  if (name.length > 200) throw badRequest('Document name is too long (200 characters at most)');
  // The multipart form has no schema: the same rule as the presign body's fields (R-PLAT-12).
  if (!isSingleLine(name)) throw badRequest(singleLineMessage('Name'));
  if (!isSingleLine(file.filename)) throw badRequest(singleLineMessage('File name'));
  if (typeof form.employeeId === 'string' && form.employeeId !== userId)
    throw badRequest('employeeId does not match the address');
  const ext = checkName(file.filename);
  if (file.truncated || file.content.length > MULTIPART_MAX_BYTES) {
    throw new ApiError(
      413,
      'PayloadTooLarge',
      `This upload route takes files up to 4 MB. Larger documents (up to 10MB) are uploaded directly to storage: request POST /api/users/${userId}/documents/presign.`,
      undefined,
      { maxBytes: MULTIPART_MAX_BYTES },
    );
  }
  if (!bytesMatch(ext, file.content)) throw badRequest(EMPLOYEE_MESSAGES.documentBytes);
  await requireEmployee(tenant, userId);
  const id = randomUUID();
  const doc: DocumentRow = {
    id,
    userId,
    name,
    fileName: file.filename.slice(0, 255),
    fileSize: file.content.length,
    mimeType: DOCUMENT_TYPES[ext],
    s3Key: documentKey(tenant, userId, id, ext),
    status: 'READY',
    createdAt: new Date().toISOString(),
    uploadedBy: auth.userId,
    uploadedByName: uploader(auth),
  };
  await putObject(doc.s3Key, file.content, doc.mimeType);
  await putDocument(tenant, doc);
  return { statusCode: 201, body: { document: publicDocument(doc) } };
}

/** Step 1 of a browser upload: a PENDING row (TTL a day) and a presigned POST pinning key, type and size. */
export async function presignOp(
  tenant: TenantId,
  userId: string,
  auth: AuthClaims,
  body: { name: string; fileName: string; fileSize: number },
) {
  const ext = checkName(body.fileName);
  if (body.fileSize > DOCUMENT_MAX_BYTES) throw payloadTooLarge(EMPLOYEE_MESSAGES.documentSize);
  await requireEmployee(tenant, userId);
  const id = randomUUID();
  const doc: DocumentRow = {
    id,
    userId,
    name: body.name,
    fileName: body.fileName,
    fileSize: body.fileSize,
    mimeType: DOCUMENT_TYPES[ext],
    s3Key: documentKey(tenant, userId, id, ext),
    status: 'PENDING',
    createdAt: new Date().toISOString(),
    uploadedBy: auth.userId,
    uploadedByName: uploader(auth),
  };
  await putDocument(tenant, doc, 86_400);
  const upload = await presignPost(incomingDocumentKey(tenant, doc), {
    contentType: doc.mimeType,
    maxBytes: DOCUMENT_MAX_BYTES,
  });
  return { statusCode: 201, body: { document: { id }, upload, maxBytes: DOCUMENT_MAX_BYTES } };
}

/**
 * Step 2, the accept step: the uploaded object's size and bytes decide; a bad file is deleted with
 * its row. The accepted file is written from the very bytes checked here to the final key, which no
 * form names, so a form posted again later (it stays valid until it expires) cannot replace it. The
 * row is claimed (PENDING → READY, conditional) before that write, so two concurrent completes
 * cannot both write.
 */
export async function completeOp(tenant: TenantId, userId: string, docId: string) {
  const doc = await getDocument(tenant, userId, docId);
  if (!doc) throw notFound('Document not found');
  if (doc.status === 'READY') return { document: publicDocument(doc) };
  const incoming = incomingDocumentKey(tenant, doc);
  const head = await headObject(incoming);
  if (!head) throw badRequest('The file has not been uploaded yet. Please upload it again.');
  const ext = documentExtension(doc.fileName)!;
  const reject = async (e: ApiError) => {
    await deleteObjects([incoming]);
    await removeDocumentRow(tenant, userId, docId);
    throw e;
  };
  if (head.size > DOCUMENT_MAX_BYTES) return reject(payloadTooLarge(EMPLOYEE_MESSAGES.documentSize));
  const bytes = await getObjectBytes(incoming);
  if (bytes.length > DOCUMENT_MAX_BYTES) return reject(payloadTooLarge(EMPLOYEE_MESSAGES.documentSize));
  if (!bytesMatch(ext, bytes.subarray(0, 8192))) return reject(badRequest(EMPLOYEE_MESSAGES.documentBytes));
  let ready: DocumentRow;
  try {
    ready = await markDocumentReady(tenant, doc, bytes.length);
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Another complete of the same upload won: answer what it accepted.
    const now = await getDocument(tenant, userId, docId);
    if (now?.status === 'READY') return { document: publicDocument(now) };
    throw notFound('Document not found');
  }
  try {
    await putObject(ready.s3Key, bytes, ready.mimeType);
  } catch (e) {
    // A READY row without its file would list a document nobody can open: drop it, the user uploads again.
    await removeDocumentRow(tenant, userId, docId);
    throw e;
  }
  await deleteObjects([incoming]);
  return { document: publicDocument(ready) };
}

/** The fileUrl: a 5-minute link, inline for previewable kinds when preview=true, else as a download. */
export async function fileOp(tenant: TenantId, userId: string, docId: string, preview: boolean) {
  const doc = await getDocument(tenant, userId, docId);
  if (!doc || doc.status !== 'READY') throw notFound('Document not found');
  const inline = preview && isPreviewable(doc.fileName, doc.mimeType);
  const safeName = doc.fileName.replace(/["\\\r\n]/g, '_');
  const disposition = `${inline ? 'inline' : 'attachment'}; filename="${safeName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`;
  const url = await presignGet(doc.s3Key, FILE_URL_TTL_SECONDS, {
    contentDisposition: disposition,
    contentType: doc.mimeType,
  });
  return {
    url,
    fileName: doc.fileName,
    mimeType: doc.mimeType,
    disposition: inline ? ('inline' as const) : ('attachment' as const),
    expiresIn: FILE_URL_TTL_SECONDS,
  };
}

export async function deleteOp(tenant: TenantId, userId: string, docId: string) {
  const doc = await getDocument(tenant, userId, docId);
  if (!doc) throw notFound('Document not found');
  await deleteObjects([doc.s3Key, incomingDocumentKey(tenant, doc)]);
  await removeDocumentRow(tenant, userId, docId);
  return { success: true as const, message: 'Document deleted' };
}

/** All of an employee's files and rows (used when the employee is deleted). */
export async function deleteAllDocuments(tenant: TenantId, userId: string): Promise<void> {
  const docs = await listDocuments(tenant, userId);
  await deleteObjects(docs.flatMap((d) => [d.s3Key, incomingDocumentKey(tenant, d)]));
  for (const d of docs) await removeDocumentRow(tenant, userId, d.id);
}
