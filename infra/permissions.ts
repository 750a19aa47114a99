import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { AREAS, type Area } from '../shared/contract/index.js';
import type { InfraConfig } from './config.js';
import { DOCUMENT_OBJECTS, PHOTO_OBJECTS } from './constants.js';

/**
 * Who may do what, per API area. Derived from what the code does (grep functions/ for lib/mail.js,
 * lib/files.js and lib/tokens.js), not from what an area might one day need; docs/deploy.md restates it.
 */

/** Areas that send mail (lib/mail.ts): invitations (platform), booking confirmations (services), account setup links (users), a scheduled report on Run now (reports). */
export const MAIL_SENDING_AREAS: ReadonlySet<Area> = new Set<Area>(['platform', 'reports', 'services', 'users']);

/** Every area behind authentication verifies (auth also signs) tokens. health reads nothing. */
export const SIGNING_KEY_AREAS: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));

/** Every area but health reads or writes the table. */
export const TABLE_AREAS: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));

/**
 * Access to the uploads bucket, only ever on photo objects:
 * - uploads presigns POSTs (the signer needs PutObject), heads and deletes originals and variants;
 * - services presigns GET URLs for photos on staff cards and the public page (read only).
 * The resize function (not an area) gets read, put and delete in photos.ts.
 */
export const PHOTO_ACCESS: Partial<Record<Area, 'read' | 'readWriteDelete'>> = {
  uploads: 'readWriteDelete',
  services: 'read',
};

/** Sweeps (functions/sweeps/schedules.ts names) that send mail: the overdue notice to the customer, scheduled reports with their file. */
export const MAIL_SENDING_SWEEPS: ReadonlySet<string> = new Set(['overdue-reservations', 'report-schedules']);

/**
 * Employee documents (functions/users/documents.ts): presigned POST and the multipart route put,
 * the upload check reads the first bytes, the file link is a presigned GET, removal deletes.
 * Only users, and only on DOCUMENT_OBJECTS (never photos).
 */
export const DOCUMENT_ACCESS_AREAS: ReadonlySet<Area> = new Set<Area>(['users']);

/** Areas that read employees' encrypted fields (functions/users/crypto.ts): the data key. */
export const DATA_KEY_AREAS: ReadonlySet<Area> = new Set<Area>(['users']);

/**
 * The platform health page probes the uploads bucket with HeadBucket (functions/platform/health.ts),
 * which S3 authorises as s3:ListBucket on the bucket itself (no object access).
 */
export const BUCKET_PROBE_AREAS: ReadonlySet<Area> = new Set<Area>(['platform']);

export function grantDocumentAccess(bucket: s3.IBucket, fn: lambda.IFunction): void {
  bucket.grantRead(fn, DOCUMENT_OBJECTS);
  bucket.grantPut(fn, DOCUMENT_OBJECTS);
  bucket.grantDelete(fn, DOCUMENT_OBJECTS);
}

export function grantBucketProbe(bucket: s3.IBucket, fn: lambda.Function): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
}

/** Like the signing key: the ARN in the environment, GetSecretValue on that one secret. */
export function grantDataKey(fn: lambda.Function, secret: secretsmanager.ISecret): void {
  fn.addEnvironment('DATA_ENCRYPTION_KEY_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
}

export function grantPhotoAccess(bucket: s3.IBucket, fn: lambda.IFunction, access: 'read' | 'readWriteDelete'): void {
  bucket.grantRead(fn, PHOTO_OBJECTS);
  if (access === 'readWriteDelete') {
    bucket.grantPut(fn, PHOTO_OBJECTS);
    bucket.grantDelete(fn, PHOTO_OBJECTS);
  }
}

/**
 * The ARN in the environment and GetSecretValue on that one secret (grantRead would add
 * DescribeSecret). The key itself never appears in the template or the environment.
 */
export function grantSigningKey(fn: lambda.Function, secret: secretsmanager.ISecret): void {
  fn.addEnvironment('TOKEN_SIGNING_KEY_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
}

/** Areas whose health page reads SES's quota and the dead-letter queues (functions/platform/health.ts). */
export const HEALTH_PROBE_AREAS: ReadonlySet<Area> = new Set<Area>(['platform']);

/**
 * The health page: ses:GetSendQuota (an account-level read, no resource to name) and
 * sqs:GetQueueAttributes on exactly the dead-letter queues, whose URLs it finds in
 * DEAD_LETTER_QUEUES (JSON name → URL).
 */
export function grantHealthProbes(fn: lambda.Function, queues: Record<string, sqs.IQueue>): void {
  fn.addEnvironment('DEAD_LETTER_QUEUES', Stack.of(fn).toJsonString(Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, q.queueUrl]))));
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetSendQuota'], resources: ['*'] }));
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:GetQueueAttributes'], resources: Object.values(queues).map((q) => q.queueArn) }));
}

/** lib/mail.ts uses SES v1 SendEmail and, for mail with attachments (scheduled reports), SendRawEmail. */
export function grantSendMail(fn: lambda.Function, identityArns: string[]): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: identityArns }));
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
