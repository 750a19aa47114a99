import useSWR from 'swr';
import type { z } from 'zod';
import type {
  documentSchema,
  employeeDetailSchema,
  employeeSchema,
  jobRoleSchema,
} from '../../../../../shared/contract/routes/users.js';
import { type Answer, api, ApiRequestError, type BodyOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { postToPresignedUrl } from '../../../api/upload.js';
import { PHOTO_MESSAGES } from '../../../../../shared/domain/photos.js';

export type Employee = z.infer<typeof employeeSchema>;
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;
export type JobRole = z.infer<typeof jobRoleSchema>;
export type EmployeeDocument = z.infer<typeof documentSchema>;

/** Cache resources of this area. */
export const EMPLOYEES = 'users';
export const EMPLOYEE_LIST = 'users.list';
export const EMPLOYEE_DETAIL = 'users.detail';
export const EMPLOYEE_DOCUMENTS = 'users.documents';
export const JOB_ROLES = 'users.jobRoles';

export function useEmployees() {
  return useSWR(apiKey(EMPLOYEE_LIST), () => api('users.list').then((r) => r.users));
}

export function useEmployee(id: string | undefined) {
  return useSWR(id ? apiKey(EMPLOYEE_DETAIL, id) : null, () =>
    api('users.get', { params: { id: id! } }).then((r) => r.employee),
  );
}

/** R-EMP-1: roles fall back to an empty list on failure. */
export function useJobRoles() {
  return useSWR(apiKey(JOB_ROLES), () =>
    api('users.listJobRoles')
      .then((r) => r.jobRoles)
      .catch(() => [] as JobRole[]),
  );
}

export type LocationOption = Answer<'inventory.listLocations'>[number];

/** The tenant's locations for the employee form: the inventory screens' cache entry; an empty list on failure (§7). */
export function useLocationList() {
  return useSWR(apiKey('inventory.locations'), async (): Promise<LocationOption[]> => {
    try {
      return await api('inventory.listLocations');
    } catch {
      return [];
    }
  });
}

/** R-EMP-1: a 404 list is an empty list; other failures are errors. */
export function useDocuments(id: string | undefined) {
  return useSWR(id ? apiKey(EMPLOYEE_DOCUMENTS, id) : null, async () => {
    try {
      return (await api('users.listDocuments', { params: { id: id! } })).documents;
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 404) return [];
      throw e;
    }
  });
}

export type InviteBody = BodyOf<'users.invite'>;
export type EmployeeUpdateBody = BodyOf<'users.update'>;

export const employeesApi = {
  invite: (body: InviteBody, idempotencyKey: string) => api('users.invite', { body, idempotencyKey }),
  update: (id: string, body: EmployeeUpdateBody) => api('users.update', { params: { id }, body }),
  resend: (id: string) => api('users.resendInvite', { params: { id } }),
  deactivate: (id: string) => api('users.deactivate', { params: { id } }),
  remove: (id: string) => api('users.delete', { params: { id } }),
  createJobRole: (name: string, idempotencyKey: string) =>
    api('users.createJobRole', { body: { name }, idempotencyKey }),
  createLocation: (name: string, idempotencyKey: string) =>
    api('inventory.createLocation', { body: { name }, idempotencyKey }),
  deleteDocument: (id: string, docId: string) => api('users.deleteDocument', { params: { id, docId } }),
  fileLink: (id: string, docId: string, preview: boolean) =>
    api('users.documentFile', { params: { id, docId }, query: { preview: preview ? 'true' : 'false' } }),
  /** Straight to S3 with a presigned POST (files up to 10 MB), then the server checks the bytes. */
  async uploadDocument(id: string, name: string, file: File, idempotencyKey: string): Promise<EmployeeDocument> {
    const p = await api('users.presignDocument', {
      params: { id },
      body: { name, fileName: file.name, fileSize: file.size },
      idempotencyKey,
    });
    await postToPresignedUrl(p.upload, file);
    return (await api('users.completeDocument', { params: { id, docId: p.document.id } })).document;
  },
  /**
   * The picture goes the service photos' way (docs/decisions/employees-picture-upload.md): straight to S3 with a
   * presigned POST, then the record takes it once the server has checked and resized it.
   */
  async uploadPicture(id: string, file: File, idempotencyKey: string): Promise<EmployeeDetail> {
    const p = await api('users.presignPicture', {
      params: { id },
      body: { contentType: file.type, size: file.size },
      idempotencyKey,
    });
    try {
      await postToPresignedUrl(p.upload, file);
    } catch {
      throw new Error(PHOTO_MESSAGES.uploadFailed);
    }
    return (await api('users.setPicture', { params: { id }, body: { baseKey: p.baseKey } })).employee;
  },
  removePicture: async (id: string) => (await api('users.deletePicture', { params: { id } })).employee,
  completeSignup: (body: BodyOf<'users.completeSignup'>, idempotencyKey: string) =>
    api('users.completeSignup', { body, token: null, idempotencyKey }),
};

/** 'Validation errors: ...' from a 400 with details, else the server's message, else the fallback (R-EMP-3). */
export function saveErrorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    if (e.details?.length) return `Validation errors: ${e.details.map((d) => d.msg).join(', ')}`;
    const b = e.body as { message?: unknown } | undefined;
    if (b && typeof b.message === 'string' && b.message) return b.message;
    return fallback;
  }
  return e instanceof Error && e.message ? e.message : fallback;
}
