import { randomUUID } from 'node:crypto';
import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import type { RouteId } from '../../shared/contract/index.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { serviceBody } from '../../shared/contract/service-models.js';
import { newBaseKey, recordPhoto } from '../uploads/photos.js';
import { ensureShareToken } from './share-link.js';
import { createService } from './service-write.js';
import { waitlistIsolationFixtures } from './waitlist-isolation-fixtures.js';

/**
 * The contract walk has no S3 emulator, and what it checks is tenancy, not storage: S3 writes are
 * stubbed there (presigning needs no network). The uploads integration test uses a real emulator.
 */
let s3Stubbed = false;
function stubS3() {
  if (s3Stubbed) return;
  s3Stubbed = true;
  const m = mockClient(S3Client);
  m.on(PutObjectCommand).resolves({});
  m.on(DeleteObjectsCommand).resolves({});
}

const serviceJson = (name: string) => ({
  name,
  rate: '10',
  rateType: 'FIXED',
  availability: JSON.stringify([{ date: '2099-01-01', startTime: '10:00', endTime: '11:00', slotsAvailable: 3 }]),
});

async function ownedService(
  owner: { tenant: Parameters<typeof createService>[0] },
  extra: Record<string, unknown> = {},
) {
  const name = `svc-${randomUUID()}`;
  const row = await createService(owner.tenant, serviceBody.parse({ ...serviceJson(name), ...extra }));
  return { row, name };
}

/** A file whose first bytes are a GIF header; plain text, so it survives the harness's text body. */
function multipartGif(): { headers: Record<string, string>; rawBody: string } {
  const boundary = `----iso${randomUUID().replace(/-/g, '')}`;
  const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a-not-really\r\n--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, rawBody };
}

export const serviceIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'services.list': async (owner) => {
    const { row, name } = await ownedService(owner);
    return { secrets: [row.id, name] };
  },
  'services.get': async (owner) => {
    // R-SVC-13: a ticket type's name is the owner's too.
    const ticket = `ticket-${randomUUID()}`;
    const { row, name } = await ownedService(owner, { ticketTypes: JSON.stringify([{ name: ticket, rate: 5 }]) });
    return { params: { id: row.id }, secrets: [name, ticket] };
  },
  'services.create': async () => ({ body: serviceJson(`svc-${randomUUID()}`), secrets: [] }),
  'services.update': async (owner) => {
    const { row } = await ownedService(owner);
    return { params: { id: row.id }, body: serviceJson('renamed'), secrets: [] };
  },
  'services.delete': async (owner) => {
    const { row } = await ownedService(owner);
    return { params: { id: row.id }, secrets: [] };
  },
  'services.generateShareLink': async (owner) => {
    const { row } = await ownedService(owner);
    const { shareToken } = await ensureShareToken(owner.tenant, row.id);
    return { params: { id: row.id }, secrets: [shareToken] };
  },
  'uploads.uploadServicePhoto': async () => {
    stubS3();
    return { ...multipartGif(), secrets: [] };
  },
  'uploads.presignServicePhoto': async () => ({ body: { contentType: 'image/png', size: 1000 }, secrets: [] }),
  'uploads.deleteServicePhoto': async (owner) => {
    stubS3();
    const baseKey = newBaseKey();
    await recordPhoto(owner.tenant, { baseKey, contentType: 'image/png', status: 'READY', userId: owner.userId });
    return { params: { baseKey }, secrets: [] };
  },
  ...waitlistIsolationFixtures,
};
