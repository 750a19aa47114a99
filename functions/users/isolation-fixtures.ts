import { randomUUID } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { RouteId } from '../../shared/contract/index.js';
import { db, nowIso, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import type { TestSession } from '../testing/fixtures.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { newBaseKey, recordPhoto, setPhotoStatus } from '../uploads/photos.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { documentKey } from './documents.js';
import { putDocument } from './document-rows.js';
import { createJobRole } from './job-roles.js';
import { createPendingEmployee, newSetupToken } from './setup-link.js';
import { type EmployeeRow, userKeys } from './employee-row.js';
import { auditPut } from './store.js';

/**
 * The contract walk has no S3 emulator and checks tenancy, not storage: S3 calls are stubbed (a
 * superset of the services fixtures' stub, so whichever runs last serves both). The users
 * integration test uses a real emulator.
 */
function stubS3() {
  const m = mockClient(S3Client);
  m.on(PutObjectCommand).resolves({});
  m.on(DeleteObjectsCommand).resolves({});
  m.on(HeadObjectCommand).resolves({ ContentLength: 10 });
  m.on(GetObjectCommand).resolves({});
}

const unique = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

async function employee(tenant: TenantId, status: 'PENDING' | 'ACTIVE'): Promise<EmployeeRow> {
  const now = nowIso();
  const email = `${unique('iso')}@test.example`;
  const setup = newSetupToken();
  const row: EmployeeRow = {
    id: randomUUID(),
    username: email,
    email,
    firstName: unique('First'),
    lastName: unique('Last'),
    phone: null,
    role: 'EMPLOYEE',
    accessLevel: 'EMPLOYEE',
    organizationId: tenant,
    isActive: status === 'ACTIVE',
    status,
    createdAt: now,
    updatedAt: now,
    jobRole: unique('Role'),
    location: null,
    hourlyWageCents: 1500,
    ...(status === 'PENDING' ? { setupTokenHash: setup.hash, setupValidUntil: setup.validUntil } : {}),
  };
  if (status === 'PENDING') {
    await createPendingEmployee(
      tenant,
      row,
      setup,
      auditPut(tenant, {
        action: 'INVITED',
        userId: row.id,
        actorUserId: 'fixture',
        actorName: 'Fixture',
        changes: [],
      }),
    );
  } else {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...userKeys.user(tenant, row.id), ...row } }));
  }
  return row;
}

async function document(tenant: TenantId, userId: string) {
  const id = randomUUID();
  const name = unique('Doc');
  await putDocument(tenant, {
    id,
    userId,
    name,
    fileName: `${name}.pdf`,
    fileSize: 10,
    mimeType: 'application/pdf',
    s3Key: documentKey(tenant, userId, id, 'pdf'),
    status: 'READY',
    createdAt: nowIso(),
    uploadedBy: 'fixture',
    uploadedByName: null,
  });
  return { id, name };
}

/** An active employee whose new address waits for confirmation (R-EMP-9), as `stageEmailChange` leaves it. */
async function pendingEmailChange(tenant: TenantId) {
  const e = await employee(tenant, 'ACTIVE');
  const pendingEmail = `${unique('pending')}@test.example`;
  const token = newSecretToken();
  const hash = hashToken(token);
  const validUntil = new Date(Date.now() + 86_400_000).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.user(tenant, e.id),
      UpdateExpression: 'SET pendingEmail = :p, pendingEmailTokenHash = :h, pendingEmailValidUntil = :v',
      ExpressionAttributeValues: { ':p': pendingEmail, ':h': hash, ':v': validUntil },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...userKeys.emailChangeToken(hash), tenantId: tenant, userId: e.id, email: pendingEmail, validUntil },
    }),
  );
  return { ...e, pendingEmail };
}

/** A picture the resize step has accepted for this employee (the walk has no resize step). */
async function readyPicture(tenant: TenantId, employeeId: string): Promise<string> {
  const baseKey = newBaseKey();
  await recordPhoto(tenant, { baseKey, contentType: 'image/png', status: 'PENDING', userId: 'fixture', employeeId });
  await setPhotoStatus(tenant, baseKey, 'READY');
  return baseKey;
}

function multipartTxt(userId: string): { headers: Record<string, string>; rawBody: string } {
  const boundary = `----iso${randomUUID().replace(/-/g, '')}`;
  const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNotes\r\n--${boundary}\r\nContent-Disposition: form-data; name="employeeId"\r\n\r\n${userId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nplain notes\r\n--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, rawBody };
}

/** Tenant A's employees, job roles and documents, called by tenant B (refused or shown nothing) and by A. */
export const usersIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'users.list': async (owner: TestSession) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return { secrets: [e.id, e.firstName, e.email] };
  },
  'users.get': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, secrets: [e.firstName, e.email] };
  },
  'users.update': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, body: { managerNotes: 'Reliable' }, secrets: [e.firstName, e.email] };
  },
  'users.invite': async () => ({
    body: { firstName: 'New', lastName: 'Person', email: `${unique('inv')}@test.example`, accessLevel: 'EMPLOYEE' },
    secrets: [],
  }),
  'users.resendInvite': async (owner) => {
    const e = await employee(owner.tenant, 'PENDING');
    return { params: { id: e.id }, secrets: [e.email] };
  },
  'users.resendEmailChange': async (owner) => {
    const e = await pendingEmailChange(owner.tenant);
    return { params: { id: e.id }, secrets: [e.email, e.pendingEmail] };
  },
  'users.cancelEmailChange': async (owner) => {
    const e = await pendingEmailChange(owner.tenant);
    return { params: { id: e.id }, secrets: [e.email] };
  },
  'users.deactivate': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, secrets: [e.email] };
  },
  'users.delete': async (owner) => {
    stubS3();
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, secrets: [e.email] };
  },
  'users.listJobRoles': async (owner) => {
    const { jobRole } = await createJobRole(owner.tenant, { name: unique('Guide') });
    return { secrets: [jobRole.id, jobRole.name] };
  },
  'users.createJobRole': async () => ({ body: { name: unique('Captain') }, secrets: [] }),
  'users.listDocuments': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    const d = await document(owner.tenant, e.id);
    return { params: { id: e.id }, secrets: [d.id, d.name] };
  },
  'users.uploadDocument': async (owner) => {
    stubS3();
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, ...multipartTxt(e.id), secrets: [e.email] };
  },
  'users.presignDocument': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return {
      params: { id: e.id },
      body: { name: 'Contract', fileName: 'contract.pdf', fileSize: 1000 },
      secrets: [e.email],
    };
  },
  'users.completeDocument': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    const d = await document(owner.tenant, e.id);
    return { params: { id: e.id, docId: d.id }, secrets: [d.name] };
  },
  'users.documentFile': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    const d = await document(owner.tenant, e.id);
    return { params: { id: e.id, docId: d.id }, query: { preview: 'true' }, secrets: [d.name, owner.tenant] };
  },
  'users.deleteDocument': async (owner) => {
    stubS3();
    const e = await employee(owner.tenant, 'ACTIVE');
    const d = await document(owner.tenant, e.id);
    return { params: { id: e.id, docId: d.id }, secrets: [] };
  },
  'users.presignPicture': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    return { params: { id: e.id }, body: { contentType: 'image/png', size: 1000 }, secrets: [e.email] };
  },
  'users.setPicture': async (owner) => {
    const e = await employee(owner.tenant, 'ACTIVE');
    const baseKey = await readyPicture(owner.tenant, e.id);
    return { params: { id: e.id }, body: { baseKey }, secrets: [e.email, baseKey] };
  },
  'users.deletePicture': async (owner) => {
    stubS3();
    const e = await employee(owner.tenant, 'ACTIVE');
    const baseKey = await readyPicture(owner.tenant, e.id);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(owner.tenant, e.id),
        UpdateExpression: 'SET profilePictureBaseKey = :k',
        ExpressionAttributeValues: { ':k': baseKey },
      }),
    );
    return { params: { id: e.id }, secrets: [e.email] };
  },
};
