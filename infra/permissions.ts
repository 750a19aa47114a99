import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { AREAS, type Area } from '../shared/contract/index.js';
import type { InfraConfig } from './config.js';
import { acknowledgeNag, arnWildcard } from './nag.js';
import { DOCUMENT_OBJECTS, INCOMING_DOCUMENT_OBJECTS, INCOMING_PHOTO_OBJECTS, PHOTO_OBJECTS } from './constants.js';

/**
 * Who may do what, per API area. Derived from what the code does (grep functions/ for lib/mail.js,
 * lib/files.js and lib/tokens.js), not from what an area might one day need; docs/deploy.md restates it.
 */

/** Areas that send mail (lib/mail.ts): a locked account's sign-in link (auth, R-AUTH-6), invitations (platform), booking confirmations (services), account setup links (users), a scheduled report on Run now (reports). */
// reservations: a cancellation or no-show frees places, and the waitlist's offer e-mail goes out right after it (R-SVC-9).
export const MAIL_SENDING_AREAS: ReadonlySet<Area> = new Set<Area>([
  'auth',
  'platform',
  'reports',
  'reservations',
  'services',
  'users',
]);

/** Every area behind authentication verifies (auth also signs) tokens. health reads nothing. */
export const SIGNING_KEY_AREAS: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));

/** Every area but health reads or writes the table. */
export const TABLE_AREAS: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));

/**
 * Access to the uploads bucket, only ever on photo objects:
 * - uploads ('upload') presigns POSTs and puts multipart uploads under incoming/photos/ only (a
 *   form signed by a role that cannot write accepted photos cannot replace one), presigns GETs and
 *   deletes originals, variants and pending uploads;
 * - services presigns GET URLs for photos on staff cards and the public page (read only).
 * The resize function (not an area, photos.ts) is the accept step ('accept'): it reads and deletes
 * incoming photos and is the only writer of originals and variants.
 */
export type PhotoAccess = 'read' | 'upload' | 'accept';
export const PHOTO_ACCESS: Partial<Record<Area, PhotoAccess>> = {
  uploads: 'upload',
  services: 'read',
  // Employee pictures (functions/users/picture.ts): presigned POSTs under incoming/photos/, GETs of the variants, removal.
  users: 'upload',
};

/** Sweeps (functions/lib/sweep-schedules.ts names) that send mail: the overdue notice to the customer, scheduled reports with their file. */
export const MAIL_SENDING_SWEEPS: ReadonlySet<string> = new Set([
  'overdue-reservations',
  'report-schedules',
  'reservation-reminders',
  // The waitlist's offers (R-SVC-9): its own sweep, and the unpaid sweep's cancellations that free places.
  'waitlist-offers',
  'unpaid-bookings',
  // The e-mail to every administrator when a webhook endpoint is disabled after 5 days of failures (R-SET-10).
  'webhook-retries',
]);

/**
 * Employee documents (functions/users/documents.ts): the presigned POST puts under
 * incoming/documents/, the complete step reads the upload there, writes the accepted file and
 * deletes the upload; the multipart route puts the checked file; the file link is a presigned GET;
 * removal deletes. Only users, and only on DOCUMENT_OBJECTS and INCOMING_DOCUMENT_OBJECTS (never photos).
 */
export const DOCUMENT_ACCESS_AREAS: ReadonlySet<Area> = new Set<Area>(['users']);

/** Sweeps that open sealed values with the data key: the webhook retries sign with each endpoint's secret (R-SET-10, infra/webhooks.ts grants it). */
export const DATA_KEY_SWEEPS: ReadonlySet<string> = new Set(['webhook-retries']);

/** Areas that read employees' encrypted fields (functions/users/crypto.ts), or seal webhook secrets with it (settings): the data key. */
export const DATA_KEY_AREAS: ReadonlySet<Area> = new Set<Area>(['users', 'settings']);

/**
 * The platform health page probes the uploads bucket with HeadBucket (functions/platform/health.ts),
 * which S3 authorises as s3:ListBucket on the bucket itself (no object access).
 */
export const BUCKET_PROBE_AREAS: ReadonlySet<Area> = new Set<Area>(['platform']);

export function grantDocumentAccess(bucket: s3.IBucket, fn: lambda.IFunction): void {
  acknowledgeObjectGrants(bucket, fn, [DOCUMENT_OBJECTS, INCOMING_DOCUMENT_OBJECTS]);
  for (const objects of [DOCUMENT_OBJECTS, INCOMING_DOCUMENT_OBJECTS]) {
    bucket.grantRead(fn, objects);
    bucket.grantPut(fn, objects);
    bucket.grantDelete(fn, objects);
  }
}

export function grantBucketProbe(bucket: s3.IBucket, fn: lambda.Function): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
}

/** Like the signing key: the ARN in the environment, GetSecretValue on that one secret. */
export function grantDataKey(fn: lambda.Function, secret: secretsmanager.ISecret): void {
  fn.addEnvironment('DATA_ENCRYPTION_KEY_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}

export function grantPhotoAccess(bucket: s3.IBucket, fn: lambda.IFunction, access: PhotoAccess): void {
  acknowledgeObjectGrants(bucket, fn, [PHOTO_OBJECTS, INCOMING_PHOTO_OBJECTS]);
  switch (access) {
    case 'read':
      bucket.grantRead(fn, PHOTO_OBJECTS);
      return;
    case 'upload':
      bucket.grantRead(fn, PHOTO_OBJECTS);
      bucket.grantDelete(fn, PHOTO_OBJECTS);
      bucket.grantPut(fn, INCOMING_PHOTO_OBJECTS);
      bucket.grantDelete(fn, INCOMING_PHOTO_OBJECTS);
      return;
    case 'accept':
      bucket.grantRead(fn, INCOMING_PHOTO_OBJECTS);
      bucket.grantDelete(fn, INCOMING_PHOTO_OBJECTS);
      bucket.grantPut(fn, PHOTO_OBJECTS);
      bucket.grantDelete(fn, PHOTO_OBJECTS);
      return;
  }
}

/**
 * The ARN in the environment and GetSecretValue on that one secret (grantRead would add
 * DescribeSecret). The key itself never appears in the template or the environment.
 */
export function grantSigningKey(fn: lambda.Function, secret: secretsmanager.ISecret): void {
  fn.addEnvironment('TOKEN_SIGNING_KEY_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}

/** Areas whose health page reads SES's quota and the dead-letter queues (functions/platform/health.ts). */
export const HEALTH_PROBE_AREAS: ReadonlySet<Area> = new Set<Area>(['platform']);

/**
 * The health page: ses:GetSendQuota (an account-level read, no resource to name) and
 * sqs:GetQueueAttributes on exactly the dead-letter queues, whose URLs it finds in
 * DEAD_LETTER_QUEUES (JSON name → URL).
 */
export function grantHealthProbes(fn: lambda.Function, queues: Record<string, sqs.IQueue>): void {
  fn.addEnvironment(
    'DEAD_LETTER_QUEUES',
    Stack.of(fn).toJsonString(Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, q.queueUrl]))),
  );
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetSendQuota'], resources: ['*'] }));
  acknowledgeNag(
    fn,
    'IAM5',
    'ses:GetSendQuota reads the account’s sending quota and has no resource to name',
    'Resource::*',
  );
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['sqs:GetQueueAttributes'],
      resources: Object.values(queues).map((q) => q.queueArn),
    }),
  );
}

/** lib/mail.ts uses SES v1 SendEmail and, for mail with attachments (scheduled reports), SendRawEmail. */
export function grantSendMail(fn: lambda.Function, identityArns: string[]): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: identityArns }),
  );
}

/**
 * SES authorises a send against the identity that verified the From address: the address itself
 * or its domain. Context `sesIdentity` (ARN, domain or address) names it; otherwise both the
 * `mailFrom` address and its domain are allowed, in this account and region.
 */
export function sesIdentityArns(stack: Stack, cfg: InfraConfig): string[] {
  const arn = (identity: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
  if (cfg.sesIdentity) return [cfg.sesIdentity.startsWith('arn:') ? cfg.sesIdentity : arn(cfg.sesIdentity)];
  const domain = cfg.mailFrom.split('@')[1];
  return domain ? [arn(cfg.mailFrom), arn(domain)] : [arn(cfg.mailFrom)];
}

/**
 * What CDK's bucket grants (grantRead, grantPut, grantDelete) put into a policy, on the uploads
 * bucket and the key patterns of infra/constants.ts only. The patterns' wildcards stand for tenant,
 * record and file names, which the functions learn at run time.
 */
const OBJECT_GRANT_ACTIONS: Record<string, string> = {
  's3:GetObject*': 'grantRead: GetObject and its variants (versions, tags, ACL reads) on the granted key patterns only',
  's3:GetBucket*': "grantRead: reads of the uploads bucket's own settings (location, versioning), never an object",
  's3:List*': 'grantRead: listing the uploads bucket, which S3 needs to answer 404 rather than 403 for a missing key',
  's3:DeleteObject*': 'grantDelete: DeleteObject and its variants on the granted key patterns only',
  's3:Abort*': 'grantPut: aborting multipart uploads on the granted key patterns only',
};

function acknowledgeObjectGrants(bucket: s3.IBucket, fn: lambda.IFunction, patterns: string[]): void {
  for (const [action, reason] of Object.entries(OBJECT_GRANT_ACTIONS))
    acknowledgeNag(fn, 'IAM5', reason, `Action::${action}`);
  for (const pattern of patterns) {
    acknowledgeNag(
      fn,
      'IAM5',
      `${pattern} in the uploads bucket: the wildcards stand for the tenant, record and file names the function handles`,
      arnWildcard(bucket, pattern),
    );
  }
}
