import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { EXTENSION_CACHE_TTL_SECONDS, NEW_VALUE_PROPAGATION_MS } from '../functions/lib/secrets.js';
import { readConfig } from './config.js';
import { ACCESS_LOG_RETENTION_DAYS } from './data.js';
import { BackOfficeStack } from './stack.js';
import { synthStack } from './synth.js';
import { PROD_NEEDS_DOMAIN } from './web.js';

// docs/decisions/0010-stack-checks.md: what the AWS Solutions checks found, fixed (infra/nag.test.ts runs the checks).
// Stub code: these are about the template.
const dev = synthStack({ stage: 'dev', codeStubs: true, webDist: '/nonexistent' });
const prod = synthStack({
  stage: 'prod',
  domainName: 'rentals.example.com',
  hostedZoneId: 'Z0123456789ABC',
  codeStubs: true,
  webDist: '/nonexistent',
});
type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;
const resourcesOf = (t: typeof dev) => t.template.toJSON().Resources as Resources;
const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  Stack.of(construct as never).getLogicalId(construct.node.defaultChild as never);

describe('access logs', () => {
  const resources = resourcesOf(dev);
  const logBucketId = idOf(dev.stack.data.logBucket as s3.Bucket);

  it('keeps them in one private, encrypted, TLS-only bucket that expires them', () => {
    const bucket = resources[logBucketId]!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault
        .SSEAlgorithm,
    ).toBe('AES256');
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: ACCESS_LOG_RETENTION_DAYS, Status: 'Enabled' }),
    ]);
    dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('logs every request to the uploads and web buckets there', () => {
    for (const bucket of [dev.stack.data.uploadsBucket, dev.stack.data.webBucket]) {
      expect(resources[idOf(bucket)]!.Properties.LoggingConfiguration, bucket.node.id).toEqual({
        DestinationBucketName: { Ref: logBucketId },
        LogFilePrefix: expect.stringMatching(/^s3\/\w+\/$/),
      });
    }
  });

  it("writes CloudFront's standard logs there", () => {
    dev.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] }, Prefix: 'cloudfront/' },
      }),
    });
  });
});

describe('the alarm topic', () => {
  it('refuses publishing without TLS', () => {
    dev.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: idOf(dev.stack.alarms.topic) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sns:Publish',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('viewer TLS', () => {
  it('requires TLS 1.2 (TLSv1.2_2021) with the domain’s own certificate', () => {
    prod.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
  });

  it('refuses a production stage without a domain (the default certificate accepts TLS 1.0)', () => {
    const app = new App({ context: { stage: 'prod', codeStubs: true, webDist: '/nonexistent' } });
    expect(
      () =>
        new BackOfficeStack(app, 'NoDomain', {
          config: readConfig(app.node),
          env: { account: '123456789012', region: 'us-east-1' },
        }),
    ).toThrow(PROD_NEEDS_DOMAIN);
  });
});

describe('retention', () => {
  it('keeps the table, the uploads and the access logs of a production stage when the stack is deleted; a dev stage removes them', () => {
    for (const [t, policy] of [
      [prod, 'Retain'],
      [dev, 'Delete'],
    ] as const) {
      const r = resourcesOf(t);
      for (const c of [t.stack.data.table, t.stack.data.uploadsBucket, t.stack.data.logBucket])
        expect(r[idOf(c)]!.DeletionPolicy, `${t.stack.data.table.stack.node.id} ${c.node.id}`).toBe(policy);
    }
  });
});

describe('secret rotation', () => {
  const resources = resourcesOf(dev);
  const secretId = (s: secretsmanager.Secret) => idOf(s);
  const schedules = Object.values(resources).filter((r) => r.Type === 'AWS::SecretsManager::RotationSchedule');
  const rotationFnId = idOf(dev.stack.rotation.fn);

  it('rotates the signing key, the origin secret and the data key every 30 days with our function, not at deploy time', () => {
    const rotated = schedules.map((s) => s.Properties.SecretId.Ref as string).sort();
    expect(rotated).toEqual(
      [
        secretId(dev.stack.data.signingKey),
        secretId(dev.stack.node.findChild('OriginSecret') as secretsmanager.Secret),
        secretId(dev.stack.data.dataKey),
      ].sort(),
    );
    // The function tells the data key (a keyring that grows) from the random secrets by its ARN.
    expect(resources[rotationFnId]!.Properties.Environment.Variables.DATA_ENCRYPTION_KEY_SECRET_ARN).toEqual({
      Ref: secretId(dev.stack.data.dataKey),
    });
    for (const s of schedules) {
      expect(s.Properties.RotationLambdaARN).toEqual({ 'Fn::GetAtt': [rotationFnId, 'Arn'] });
      expect(s.Properties.RotationRules).toEqual({ ScheduleExpression: 'rate(30 days)' });
      expect(s.Properties.RotateImmediatelyOnUpdate).toBe(false);
    }
  });

  it('gives the rotation function time to wait for every reader, and CloudFront’s config of this distribution only', () => {
    const fn = resources[rotationFnId]!.Properties;
    expect(fn.Timeout * 1000).toBeGreaterThan(NEW_VALUE_PROPAGATION_MS);
    expect(fn.Environment.Variables.DISTRIBUTION_ID).toEqual({ Ref: idOf(dev.stack.web.distribution) });
    expect(fn.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({
      Ref: secretId(dev.stack.node.findChild('OriginSecret') as secretsmanager.Secret),
    });
    const statements = Object.values(resources)
      .filter(
        (r) =>
          r.Type === 'AWS::IAM::Policy' &&
          JSON.stringify(r.Properties.Roles).includes(idOf(dev.stack.rotation.fn.role as never)),
      )
      .flatMap((r) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const cloudfront = statements.find((s) => JSON.stringify(s.Action).includes('cloudfront:'))!;
    expect(cloudfront.Action).toEqual(['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution']);
    expect(JSON.stringify(cloudfront.Resource)).toContain(idOf(dev.stack.web.distribution));
  });

  it('has every secret reader ask the extension again after EXTENSION_CACHE_TTL_SECONDS', () => {
    const readers = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Function' &&
        r.Properties.Environment?.Variables?.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT,
    );
    expect(readers.length).toBeGreaterThan(0);
    for (const r of readers)
      expect(r.Properties.Environment.Variables.SECRETS_MANAGER_TTL).toBe(String(EXTENSION_CACHE_TTL_SECONDS));
  });
});
