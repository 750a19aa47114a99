import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import { Match } from 'aws-cdk-lib/assertions';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { AREAS, routes, type Area } from '../shared/contract/index.js';
import { SWEEPS } from '../functions/lib/sweep-schedules.js';
import { SDK_SOURCE } from './bundle.mjs';
import { httpApiPath } from './routes.js';
import { synthStack } from './synth.js';

// A built SPA stand-in, so the deployment of web/dist is part of what is asserted.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

// The real thing: every function bundled with esbuild, as `npm run synth` does (about 10 s).
const { stack, template, outdir } = synthStack({ stage: 'dev', webDist });
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalId = (fn: lambda.Function) => Stack.of(fn).getLogicalId(fn.node.defaultChild as lambda.CfnFunction);
const appFunctionIds = new Set(stack.appFunctions.map(logicalId));
const areaFn = (area: Area) => stack.api.functions[area];
const logicalIdOfRole = (fn: lambda.Function) => Stack.of(fn).getLogicalId(fn.role!.node.defaultChild as iam.CfnRole);

describe('API', () => {
  it('has exactly one route per contract entry, each bound to the function of its area, and $default to health for 405 and 404', () => {
    const integrationTarget = new Map(
      ofType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [
        id,
        r.Properties.IntegrationUri['Fn::GetAtt'][0] as string,
      ]),
    );
    const declared = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => {
      const integrationId = r.Properties.Target['Fn::Join'][1][1].Ref as string;
      return `${r.Properties.RouteKey} -> ${integrationTarget.get(integrationId)}`;
    });
    const expected = routes.map((r) => `${r.method} ${httpApiPath(r)} -> ${logicalId(areaFn(r.area))}`);
    // docs/decisions/0237-api-default-route.md: any other method or path reaches health, which answers 405 with Allow or 404.
    expect(declared.sort()).toEqual([...expected, `$default -> ${logicalId(areaFn('health'))}`].sort());
  });

  it("stays under CloudFormation's 500 resources and the HTTP API's 300 routes", () => {
    expect(Object.keys(resources).length).toBeLessThan(500);
    expect(ofType('AWS::ApiGatewayV2::Route').length).toBeLessThan(300);
  });

  it('keys the trailing-slash route without the slash (HTTP API paths cannot end in "/")', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/reservations/logs' });
  });
  // The pipeline accepts that key for the contract route: functions/lib/pipeline.int.test.ts.
});

describe('data', () => {
  it('keeps the single table with PITR, encryption, its keys, both indexes and the TTL attribute', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({
          IndexName: 'gsi2',
          KeySchema: [
            { AttributeName: 'gsi2pk', KeyType: 'HASH' },
            { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
          ],
        }),
      ],
    });
  });

  it('makes no bucket public, encrypts all three (uploads, web, access logs) and aborts abandoned multipart uploads', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption).toBeDefined();
    }
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 } }),
          // uploads nobody accepted (abandoned, or a used form posted again) go after a day
          Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['POST']) })] },
    });
    // Bucket policies only deny insecure transport and let CloudFront (OAC) read the SPA.
    for (const [, p] of ofType('AWS::S3::BucketPolicy')) {
      for (const s of p.Properties.PolicyDocument.Statement) {
        if (s.Effect === 'Allow') expect(s.Principal).not.toBe('*');
      }
    }
  });

  it('deploys the built SPA to the web bucket and invalidates index.html', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/index.html', '/runtime-config.json'],
      Prune: false,
    });
  });
});

describe('functions', () => {
  it('runs every function of ours on nodejs22.x, arm64, without --enable-source-maps, with a log group with retention', () => {
    // The areas, the stream, resize, mail events, secret rotation, the sweeps and the webhook worker.
    expect(appFunctionIds.size).toBe(AREAS.length + 5 + SWEEPS.length);
    for (const id of appFunctionIds) {
      const p = resources[id]!.Properties;
      expect(p.Runtime, id).toBe('nodejs22.x');
      // With the runtime's AWS SDK (infra/bundle.mjs SDK_SOURCE) the runtime changes only when we deploy.
      expect(p.RuntimeManagementConfig, id).toEqual(
        SDK_SOURCE === 'runtime' ? { UpdateRuntimeOn: 'FunctionUpdate' } : undefined,
      );
      expect(p.Architectures, id).toEqual(['arm64']);
      // Source maps live beside the build, not in the code asset, and are not applied at run time (docs/decisions/0128-house-readable-stack-traces.md).
      expect(p.Environment?.Variables?.NODE_OPTIONS, id).toBeUndefined();
      const logGroupId = p.LoggingConfig.LogGroup.Ref as string;
      expect(resources[logGroupId]!.Properties.RetentionInDays, id).toBe(30);
    }
  });

  it('has no other functions than the CDK-managed helpers (bucket clean-up, notifications, SPA deployment)', () => {
    const others = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => !appFunctionIds.has(id));
    expect(others).toHaveLength(3);
    for (const id of others)
      expect(id).toMatch(
        /^(CustomS3AutoDeleteObjectsCustomResourceProviderHandler|BucketNotificationsHandler|CustomCDKBucketDeployment)/,
      );
  });

  it('gives every function that reads a secret the secrets extension, and no other (functions/lib/secrets.ts)', () => {
    // The areas and the stream (the signing key), the webhook worker and the webhook-retries sweep (the data key).
    const readers = new Set(
      [...AREAS.map(areaFn), stack.live.fn, stack.webhooks.worker, stack.schedules.sweeps['webhook-retries']!.fn].map(
        logicalId,
      ),
    );
    for (const id of appFunctionIds) {
      const props = resources[id]!.Properties as {
        Layers?: unknown[];
        Environment: { Variables: Record<string, unknown> };
      };
      const hasExtension = JSON.stringify(props.Layers ?? []).includes('AWS-Parameters-and-Secrets-Lambda-Extension');
      expect(hasExtension, id).toBe(readers.has(id));
      expect(props.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT !== undefined, id).toBe(
        readers.has(id),
      );
    }
  });

  it('gives functions the key secret by ARN only, never the key itself', () => {
    for (const id of appFunctionIds) {
      const vars = resources[id]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(vars.TOKEN_SIGNING_KEY, id).toBeUndefined();
    }
    // Every function that verifies tokens: the API areas (but health) and the stream.
    const secretId = stack.getLogicalId(stack.data.signingKey.node.defaultChild as secretsmanager.CfnSecret);
    const verifiers = [...AREAS.filter((a) => a !== 'health').map(areaFn), stack.live.fn];
    for (const fn of verifiers) {
      const vars = resources[logicalId(fn)]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(vars.TOKEN_SIGNING_KEY_SECRET_ARN, fn.node.id).toEqual({ Ref: secretId });
    }
    // The only grant on the secret: GetSecretValue on that one ARN (but for the rotation function's, infra/stack-checks.test.ts).
    const rotationRole = logicalIdOfRole(stack.rotation.fn);
    const secretStatements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => !JSON.stringify(p.Properties.Roles).includes(rotationRole))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
      .filter((st) => JSON.stringify(st.Resource).includes(secretId));
    expect(secretStatements.length).toBeGreaterThan(0);
    for (const st of secretStatements) {
      expect(st.Action).toBe('secretsmanager:GetSecretValue');
      expect(st.Resource).toEqual({ Ref: secretId });
    }
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
  });
});

describe('permissions', () => {
  const policies = ofType('AWS::IAM::Policy');
  const uploadsBucketId = stack.getLogicalId(stack.data.uploadsBucket.node.defaultChild as s3.CfnBucket);
  const roleOf = (fn: lambda.Function) => stack.getLogicalId(fn.role!.node.defaultChild as iam.CfnRole);

  it('has no statement that allows every action on every resource', () => {
    for (const [id, p] of policies) {
      for (const s of p.Properties.PolicyDocument.Statement) {
        const actions = [s.Action].flat();
        const res = [s.Resource].flat();
        expect(actions.includes('*') && res.includes('*'), `${id}: ${JSON.stringify(s)}`).toBe(false);
      }
    }
  });

  /** Roles whose policies name the uploads bucket, with every statement that does. */
  function bucketStatements(): Map<string, { Action: string | string[]; Resource: unknown }[]> {
    const byRole = new Map<string, { Action: string | string[]; Resource: unknown }[]>();
    for (const [, p] of policies) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        if (!JSON.stringify(st.Resource).includes(uploadsBucketId)) continue;
        for (const r of p.Properties.Roles) byRole.set(r.Ref as string, [...(byRole.get(r.Ref as string) ?? []), st]);
      }
    }
    return byRole;
  }
  const objectResources = (sts: { Resource: unknown }[]) =>
    sts
      .flatMap((st) => [st.Resource].flat())
      .map((r) => JSON.stringify(r))
      .filter((t) => t.includes(uploadsBucketId) && t.includes('/'));

  it('lets uploads, services and resize touch photo objects only, users employee documents and pictures only, platform probe the bucket only', () => {
    const byRole = bucketStatements();
    const appRoles = new Set(stack.appFunctions.map(roleOf));
    const photoRoles = [areaFn('uploads'), areaFn('services'), stack.photos.fn].map(roleOf);
    const documentRole = roleOf(areaFn('users'));
    const probeRole = roleOf(areaFn('platform'));
    expect([...byRole.keys()].filter((r) => appRoles.has(r)).sort()).toEqual(
      [...photoRoles, documentRole, probeRole].sort(),
    );
    for (const role of photoRoles) {
      const objects = objectResources(byRole.get(role)!);
      expect(objects.length, role).toBeGreaterThan(0);
      for (const o of objects) expect(o, role).toMatch(/\/(tenants\/\*\/photos|incoming\/photos)\/\*"/);
    }
    // Accepted photos: only resize writes them; the uploads area, whose role signs the forms, may
    // put under incoming/photos/ only (a form can never write where readers look).
    const puts = (role: string) =>
      byRole
        .get(role)!
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:PutObject')))
        .flatMap((st) => objectResources([st]));
    expect(puts(roleOf(areaFn('uploads'))).length).toBeGreaterThan(0);
    for (const o of puts(roleOf(areaFn('uploads')))) expect(o).toContain('/incoming/photos/*');
    for (const o of puts(roleOf(stack.photos.fn))) expect(o).toContain('/tenants/*/photos/*');
    expect(puts(roleOf(areaFn('services')))).toEqual([]);
    // users: read (upload check, presigned GET), put (presigned POST, multipart) and delete, on documents; employee
    // pictures as the uploads area's photos: forms put under incoming/photos/ only, never where readers look.
    const docStatements = byRole.get(documentRole)!;
    for (const o of objectResources(docStatements))
      expect(o).toMatch(/\/(tenants\/\*\/documents|incoming\/documents|tenants\/\*\/photos|incoming\/photos)\/\*"/);
    for (const o of puts(documentRole)) expect(o).not.toContain('/tenants/*/photos/*');
    const docActions = docStatements
      .filter((st) => objectResources([st]).length > 0)
      .flatMap((st) => [st.Action].flat());
    expect(docActions).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:PutObject', 's3:DeleteObject*']));
    // platform: HeadBucket (s3:ListBucket) on the bucket ARN itself, no object access.
    const probe = byRole.get(probeRole)!;
    expect(objectResources(probe)).toEqual([]);
    expect(probe.flatMap((st) => [st.Action].flat())).toEqual(['s3:ListBucket']);
  });

  it('lets only the areas and sweeps that send mail call ses:SendEmail and ses:SendRawEmail (invitations, bookings, setup links, overdue notices, scheduled reports, reminders, waitlist offers, disabled webhook endpoints)', () => {
    const senders = new Set<string>();
    for (const [, p] of policies) {
      if (JSON.stringify(p.Properties.PolicyDocument).includes('ses:'))
        for (const r of p.Properties.Roles) senders.add(r.Ref as string);
      for (const st of p.Properties.PolicyDocument.Statement) {
        const actions = [st.Action].flat() as string[];
        if (actions.some((a) => a.startsWith('ses:Send')))
          expect(actions.sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      }
    }
    const expected = [
      ...(['auth', 'platform', 'reports', 'reservations', 'services', 'users'] as const).map(areaFn),
      stack.schedules.sweeps['overdue-reservations']!.fn,
      stack.schedules.sweeps['report-schedules']!.fn,
      stack.schedules.sweeps['reservation-reminders']!.fn,
      // Waitlist offers (R-SVC-9): their sweep, and the unpaid sweep's cancellations that free places.
      stack.schedules.sweeps['waitlist-offers']!.fn,
      stack.schedules.sweeps['unpaid-bookings']!.fn,
      // The notice to administrators when a webhook endpoint is disabled (R-SET-10).
      stack.schedules.sweeps['webhook-retries']!.fn,
      stack.webhooks.worker,
    ];
    expect([...senders].sort()).toEqual(expected.map(roleOf).sort());
    // Each of them knows its From address and where links in mail point.
    for (const fn of expected) {
      const vars = resources[logicalId(fn)]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(vars.MAIL_FROM, fn.node.id).toBe('no-reply@example.com');
      expect(JSON.stringify(vars.APP_BASE_URL), fn.node.id).toContain('DomainName');
    }
  });

  it('lets the platform health page read SES quota and exactly the dead-letter queues, whose URLs it is given', () => {
    const dlqs = {
      resize: stack.photos.dlq,
      'mail-events': stack.mailEvents.dlq,
      ...Object.fromEntries(Object.entries(stack.schedules.sweeps).map(([n, s]) => [n, s.dlq])),
      webhooks: stack.webhooks.dlq,
    };
    const queueId = (q: (typeof dlqs)['resize']) => stack.getLogicalId(q.node.defaultChild as never);
    const platformRole = roleOf(areaFn('platform'));
    const readers = new Map<string, Set<string>>();
    const plumbing: { roles: string[]; actions: unknown[]; resource: unknown }[] = [];
    let quota = false;
    for (const [, p] of policies) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        const actions = [st.Action].flat();
        if (actions.includes('ses:GetSendQuota')) {
          expect(p.Properties.Roles.map((r: { Ref: string }) => r.Ref)).toEqual([platformRole]);
          quota = true;
        }
        if (!actions.includes('sqs:GetQueueAttributes')) continue;
        // Sending to or consuming a queue comes with reading its attributes: the webhook pipe and worker, checked below.
        if (actions.includes('sqs:SendMessage') || actions.includes('sqs:ReceiveMessage')) {
          plumbing.push({
            roles: p.Properties.Roles.map((r: { Ref: string }) => r.Ref),
            actions,
            resource: st.Resource,
          });
          continue;
        }
        for (const r of p.Properties.Roles) {
          const set = readers.get(r.Ref as string) ?? new Set<string>();
          for (const res of [st.Resource].flat()) set.add(JSON.stringify(res));
          readers.set(r.Ref as string, set);
        }
      }
    }
    expect(quota).toBe(true);
    expect([...readers.keys()]).toEqual([platformRole]);
    // The pipe sends to the webhook queue and its DLQ; the worker consumes the webhook queue; nothing else.
    const arn = (q: (typeof dlqs)['resize']) => ({ 'Fn::GetAtt': [queueId(q), 'Arn'] });
    const pipeRole = stack.getLogicalId(stack.webhooks.node.findChild('PipeRole').node.defaultChild as never);
    const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(
      plumbing
        .map((x) => ({ roles: x.roles, send: x.actions.includes('sqs:SendMessage'), resource: x.resource }))
        .sort(byJson),
    ).toEqual(
      [
        { roles: [pipeRole], send: true, resource: arn(stack.webhooks.queue) },
        { roles: [pipeRole], send: true, resource: arn(stack.webhooks.dlq) },
        { roles: [roleOf(stack.webhooks.worker)], send: false, resource: arn(stack.webhooks.queue) },
      ].sort(byJson),
    );
    expect([...readers.get(platformRole)!].sort()).toEqual(
      Object.values(dlqs)
        .map((q) => JSON.stringify({ 'Fn::GetAtt': [queueId(q), 'Arn'] }))
        .sort(),
    );
    const env = JSON.stringify(
      resources[logicalId(areaFn('platform'))]!.Properties.Environment.Variables.DEAD_LETTER_QUEUES,
    );
    for (const [name, q] of Object.entries(dlqs)) {
      expect(env).toContain(`"${name}`);
      expect(env).toContain(queueId(q));
    }
  });

  it('gives the data encryption key to users, settings (webhook secrets), the webhook worker and the webhook-retries sweep only: its ARN in the environment and GetSecretValue on that one secret', () => {
    const keyId = stack.getLogicalId(stack.data.dataKey.node.defaultChild as secretsmanager.CfnSecret);
    template.hasResource('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) },
    });
    expect(resources[keyId]!.Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32); // functions/users/crypto.ts refuses less
    // users decrypts employee fields; settings seals webhook secrets; the worker and the retries sweep open them to sign.
    const dataKeyFns = [
      areaFn('users'),
      areaFn('settings'),
      stack.webhooks.worker,
      stack.schedules.sweeps['webhook-retries']!.fn,
    ];
    const dataKeyUsers = dataKeyFns.map(logicalId);
    for (const id of appFunctionIds) {
      const vars = resources[id]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(vars.DATA_ENCRYPTION_KEY, id).toBeUndefined();
      // The rotation function is given the ARN to tell the data keyring from the random secrets; it never decrypts.
      if (dataKeyUsers.includes(id) || id === logicalId(stack.rotation.fn))
        expect(vars.DATA_ENCRYPTION_KEY_SECRET_ARN).toEqual({ Ref: keyId });
      else expect(vars.DATA_ENCRYPTION_KEY_SECRET_ARN, id).toBeUndefined();
    }
    const readers = new Set<string>();
    const rotationRole = roleOf(stack.rotation.fn);
    for (const [, p] of policies) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        if (!JSON.stringify(st.Resource).includes(keyId)) continue;
        const roles = p.Properties.Roles.map((r: { Ref: string }) => r.Ref);
        // The rotation schedule's own grant (read, stage and label versions) goes to the rotation function alone.
        if (roles.length === 1 && roles[0] === rotationRole) continue;
        expect(st.Action).toBe('secretsmanager:GetSecretValue');
        expect(st.Resource).toEqual({ Ref: keyId });
        for (const r of roles) readers.add(r);
      }
    }
    expect([...readers].sort()).toEqual(dataKeyFns.map(roleOf).sort());
  });
});

describe('live updates', () => {
  it('answers the dashboard events from a public function URL (short buffered answers, token checked by the handler)', () => {
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'NONE',
      InvokeMode: 'BUFFERED',
      TargetFunctionArn: { 'Fn::GetAtt': [logicalId(stack.live.fn), 'Arn'] },
    });
    const fn = resources[logicalId(stack.live.fn)]!.Properties;
    expect(fn.MemorySize).toBe(128);
    expect(fn.Timeout).toBe(10);
  });
});

describe('mail events', () => {
  const setId = stack.getLogicalId(stack.mailEvents.configurationSet.node.defaultChild as never);
  const topicId = stack.getLogicalId(stack.mailEvents.topic.node.defaultChild as never);
  const fnId = logicalId(stack.mailEvents.fn);
  const policies = ofType('AWS::IAM::Policy');
  const roleOf = (fn: lambda.Function) => stack.getLogicalId(fn.role!.node.defaultChild as iam.CfnRole);

  it('publishes DELIVERY, BOUNCE and COMPLAINT of an SES configuration set to an SNS topic that SES may publish to', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['delivery', 'bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId } },
      },
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'sns:Publish', Effect: 'Allow', Principal: { Service: 'ses.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('subscribes the mail-events function, which retries twice into a dead-letter queue and may write the table', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      Principal: 'sns.amazonaws.com',
      SourceArn: { Ref: topicId },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      MaximumRetryAttempts: 2,
    });
    expect(resources[fnId]!.Properties.DeadLetterConfig.TargetArn['Fn::GetAtt'][0]).toBe(
      stack.getLogicalId(stack.mailEvents.dlq.node.defaultChild as never),
    );
    expect(
      JSON.stringify(
        policies.filter(([, p]) =>
          p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleOf(stack.mailEvents.fn)),
        ),
      ),
    ).toContain('dynamodb:PutItem');
  });

  it('gives every mail sender the configuration set by name and lets it send with it', () => {
    const senders = [
      ...(['auth', 'platform', 'reports', 'reservations', 'services', 'users'] as const).map(areaFn),
      ...(
        [
          'overdue-reservations',
          'report-schedules',
          'reservation-reminders',
          'waitlist-offers',
          'unpaid-bookings',
          'webhook-retries',
        ] as const
      ).map((n) => stack.schedules.sweeps[n]!.fn),
      stack.webhooks.worker,
    ];
    for (const fn of senders) {
      expect(resources[logicalId(fn)]!.Properties.Environment.Variables.SES_CONFIGURATION_SET, fn.node.id).toEqual({
        Ref: setId,
      });
      const sendStatements = policies
        .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleOf(fn)))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
        .filter((st: { Action: unknown }) => [st.Action].flat().includes('ses:SendEmail'));
      expect(JSON.stringify(sendStatements), fn.node.id).toContain(`:configuration-set/",{"Ref":"${setId}"}`);
      expect(JSON.stringify(sendStatements), fn.node.id).toContain(`{"Ref":"${setId}"}`);
    }
  });
});

describe('photo resize', () => {
  const props = () => resources[logicalId(stack.photos.fn)]!.Properties;

  it('runs with 1536 MB for 30 s, retries twice and keeps failed events in a dead-letter queue', () => {
    expect(props().MemorySize).toBe(1536);
    expect(props().Timeout).toBe(30);
    expect(props().DeadLetterConfig.TargetArn['Fn::GetAtt'][0]).toMatch(/ResizeDlq/);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId(stack.photos.fn) },
      MaximumRetryAttempts: 2,
    });
  });

  it("bundles sharp's linux-arm64 build next to the handler", () => {
    const asset = join(outdir, `asset.${String(props().Code.S3Key).replace(/\.zip$/, '')}`);
    expect(existsSync(join(asset, 'node_modules/sharp/package.json')), asset).toBe(true);
    expect(existsSync(join(asset, 'node_modules/@img/sharp-linux-arm64')), asset).toBe(true);
  });
});

describe('schedules', () => {
  it('offers freed waitlist places and ends holds every minute, allowed to mail the offer (R-SVC-9, docs/decisions/0236-waitlist.md)', () => {
    expect(SWEEPS.find((s) => s.name === 'waitlist-offers')?.everyMinutes).toBe(1);
    const fn = stack.schedules.sweeps['waitlist-offers']!.fn;
    const fnId = logicalId(fn);
    const rules = ofType('AWS::Events::Rule').filter(
      ([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt']?.[0] === fnId,
    );
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
    const role = stack.getLogicalId(fn.role!.node.defaultChild as iam.CfnRole);
    const actions = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
      .flatMap((st) => [st.Action].flat());
    expect(actions).toContain('ses:SendEmail');
  });

  it.each(SWEEPS.map((s) => [s.name, s] as const))(
    'runs the %s sweep on its rate, with retries and a dead-letter queue',
    (name, sweep) => {
      const fnId = logicalId(stack.schedules.sweeps[name]!.fn);
      const rules = ofType('AWS::Events::Rule').filter(
        ([, r]) => r.Properties.Targets[0].Arn['Fn::GetAtt']?.[0] === fnId,
      );
      expect(rules).toHaveLength(1);
      const [, rule] = rules[0]!;
      expect(rule.Properties.ScheduleExpression).toBe(
        events.Schedule.rate(Duration.minutes(sweep.everyMinutes)).expressionString,
      );
      const target = rule.Properties.Targets[0];
      expect(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]).toMatch(/SweepDlq/);
      expect(target.RetryPolicy).toMatchObject({
        MaximumRetryAttempts: 3,
        MaximumEventAgeInSeconds: Math.max(sweep.everyMinutes, 5) * 60,
      });
      const fn = resources[fnId]!.Properties;
      // A run ends before the next starts (at most 5 minutes); failed runs: 2 Lambda retries, then the DLQ.
      expect(fn.Timeout).toBe(Math.min(sweep.everyMinutes, 5) * 60);
      expect(fn.DeadLetterConfig.TargetArn['Fn::GetAtt'][0]).toBe(target.DeadLetterConfig.Arn['Fn::GetAtt'][0]);
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId },
        MaximumRetryAttempts: 2,
      });
      // Every sweep reads and writes the table.
      const tableId = stack.getLogicalId(stack.data.table.node.defaultChild as dynamodb.CfnTable);
      const role = stack.getLogicalId(stack.schedules.sweeps[name]!.fn.role!.node.defaultChild as iam.CfnRole);
      const tableActions = ofType('AWS::IAM::Policy')
        .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Resource).includes(tableId))
        .flatMap((st) => [st.Action].flat());
      expect(tableActions, name).toEqual(
        expect.arrayContaining([
          'dynamodb:Query',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:ConditionCheckItem',
        ]),
      );
    },
  );

  it('resizes photos when an upload lands under incoming/photos/ (never on what it writes under tenants/)', () => {
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          Match.objectLike({
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/photos/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [logicalId(stack.photos.fn), 'Arn'] },
          }),
        ],
      },
    });
  });
});

describe('web', () => {
  const dist = ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;

  it('sends the stream, /api/* and /public/* to their origins, uncached, in that order', () => {
    expect(dist.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toEqual([
      '/api/events/dashboard',
      '/api/*',
      '/public/*',
    ]);
    for (const b of dist.CacheBehaviors) {
      expect(b.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
      expect(b.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    }
  });

  it('serves the SPA from the bucket with the index.html fallback function, not error rewrites', () => {
    expect(dist.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() },
    ]);
    expect(dist.CustomErrorResponses).toBeUndefined();
    expect(dist.DefaultRootObject).toBe('index.html');
    // gzip and brotli for viewers that accept them (the local origin mirrors this: functions/local/static.ts)
    expect(dist.DefaultCacheBehavior.Compress).toBe(true);
    expect(dist.DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized
    // the web bucket only: the events function URL takes no IAM auth (the pipeline checks the token)
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('lets the SPA load and upload photos from the uploads bucket, nothing else', () => {
    const policy = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]![1].Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig;
    const csp = JSON.stringify(policy.ContentSecurityPolicy.ContentSecurityPolicy);
    const uploadsId = stack.getLogicalId(stack.data.uploadsBucket.node.defaultChild as s3.CfnBucket);
    expect(csp).toContain("img-src 'self' data: blob: https://");
    expect(csp).toContain("connect-src 'self' https://");
    expect(csp).toContain(`"${uploadsId}","RegionalDomainName"`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("default-src 'self'");
  });

  it('answers with strict security headers', () => {
    const policy = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]![1].Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig;
    expect(policy.ReferrerPolicy.ReferrerPolicy).toBe('no-referrer');
    expect(policy.ContentTypeOptions).toEqual({ Override: true });
    expect(policy.FrameOptions.FrameOption).toBe('DENY');
    expect(policy.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    const csp = JSON.stringify(policy.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
  });

  it('serves on the CloudFront domain when no domain is given', () => {
    expect(dist.Aliases).toBeUndefined();
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
  });
});

describe('operations', () => {
  it('alarms on the API 5xx rate, every function’s errors and throttles, and every dead-letter queue', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([id]) => id);
    expect(alarms.filter((a) => /Api5xxAlarm/.test(a))).toHaveLength(1);
    expect(alarms.filter((a) => /ErrorsAlarm/.test(a))).toHaveLength(appFunctionIds.size);
    expect(alarms.filter((a) => /ThrottlesAlarm/.test(a))).toHaveLength(appFunctionIds.size);
    // Every queue is a dead-letter queue but the webhook queue, whose failures land in its own DLQ.
    const webhookQueue = stack.getLogicalId(stack.webhooks.queue.node.defaultChild as never);
    const queues = ofType('AWS::SQS::Queue').map(([id]) => id);
    expect(queues).toContain(webhookQueue);
    expect(alarms.filter((a) => /DlqDepthAlarm/.test(a))).toHaveLength(queues.length - 1);
    expect(alarms.filter((a) => /WebhooksWebhookDlqDepthAlarm|WebhookDlqDepthAlarm/.test(a))).toHaveLength(1);
  });
});
