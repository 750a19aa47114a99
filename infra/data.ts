import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/lib/table.js';
import type { InfraConfig } from './config.js';
import { acknowledgeNag, arnWildcard } from './nag.js';
import { INCOMING_OBJECTS_PREFIX } from './constants.js';

/** How long S3 and CloudFront access logs are kept (the log bucket's lifecycle). */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/**
 * Everything stateful: the single table, the uploads and web buckets, the token signing key and
 * the data encryption key.
 * stage=prod retains all of it (and protects the table) when the stack is deleted; other stages
 * clean up after themselves.
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  /** S3 server access logs of the uploads and web buckets and CloudFront's standard logs (infra/web.ts). */
  readonly logBucket: s3.Bucket;
  readonly signingKey: secretsmanager.Secret;
  readonly dataKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, cfg: InfraConfig) {
    super(scope, id);
    const removalPolicy = cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Keys, indexes and the TTL attribute come from the code that queries them (functions/lib/table.ts).
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      // The webhook outbox rows travel from here (infra/webhooks.ts, R-SET-10).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: cfg.isProd,
      removalPolicy,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const privateBucket: s3.BucketProps = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy,
      // Outside production a stack deletion should not stop at a non-empty bucket.
      autoDeleteObjects: !cfg.isProd,
    };

    // Who read or wrote what, kept ACCESS_LOG_RETENTION_DAYS. CloudFront's standard logs are delivered with
    // an ACL grant, so this bucket keeps ACLs (object writer); nothing here is ever public.
    this.logBucket = new s3.Bucket(this, 'AccessLogBucket', {
      ...privateBucket,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
    });
    acknowledgeNag(
      this.logBucket,
      'S1',
      'This is the access-log bucket: logging its own reads into itself would log every log delivery, without end',
    );
    const accessLogs = (prefix: string): Partial<s3.BucketProps> => ({
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: `s3/${prefix}/`,
    });

    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      ...privateBucket,
      ...accessLogs('uploads'),
      // Browsers POST straight to presigned URLs and load photos from presigned GETs. The presigned
      // signature is the access control; CORS only lets our pages read the answer. With a domain
      // that is the apex and every tenant subdomain; without one, *.cloudfront.net (naming the
      // distribution here would be a cycle: its CSP names this bucket).
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
          allowedOrigins: cfg.domainName
            ? [`https://${cfg.domainName}`, `https://*.${cfg.domainName}`]
            : ['https://*.cloudfront.net'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abandoned-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(2) },
        // Uploads wait under incoming/ for their check, which moves them out within seconds; what
        // stays is abandoned or a used form posted again (functions/lib/files.ts, incomingKeys).
        { id: 'unaccepted-uploads', prefix: INCOMING_OBJECTS_PREFIX, expiration: Duration.days(1) },
      ],
    });

    // Read by CloudFront only (origin access control, granted by the distribution's origin).
    this.webBucket = new s3.Bucket(this, 'WebBucket', { ...privateBucket, ...accessLogs('web') });

    // The HMAC key for session tokens: generated by Secrets Manager at deploy time, so it is never
    // in the template; functions get its ARN (functions/lib/tokens.ts fetches it once per container).
    this.signingKey = new secretsmanager.Secret(this, 'TokenSigningKey', {
      description: 'HMAC key that signs session tokens (functions/lib/tokens.ts)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });

    // The keys behind employees' encrypted fields (SSN, date of birth, PIN: functions/users/crypto.ts
    // hashes each key of 32+ characters into an AES-256 key). Generated at deploy time like the
    // signing key, and retained in prod with the table: losing it loses those fields.
    this.dataKey = new secretsmanager.Secret(this, 'DataEncryptionKey', {
      description: "Key material for employees' encrypted fields (functions/users/crypto.ts)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    // Rotated every 30 days by growing a keyring (infra/rotation.ts, functions/lib/keyring.ts): older keys stay to decrypt what they sealed.
    // grantReadWriteData names the table and `table/index/*`: the two GSIs of this one table, which the functions query.
    acknowledgeNag(
      Stack.of(this),
      'IAM5',
      "The functions query this table's global secondary indexes; CDK's table grant covers them as index/* of this one table",
      arnWildcard(this.table, 'index/*'),
    );
  }
}
