import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { SWEEPS } from '../functions/lib/sweep-schedules.js';
import { STOP_STARTING_MS } from '../functions/webhooks/scheduler.js';
import { WEBHOOK_TIMEOUT_MS } from '../shared/domain/webhooks.js';
import { Alarms } from './alarms.js';
import { readConfig } from './config.js';
import { DATA_KEY_SWEEPS, MAIL_SENDING_SWEEPS } from './permissions.js';
import { WEBHOOK_BATCH_SIZE, WEBHOOK_MAX_CONCURRENCY, Webhooks } from './webhooks.js';

/**
 * R-SET-10 on AWS: stream → pipe (outbox rows only) → queue with an alarmed DLQ → worker; the retry sweep
 * signs and mails too. The construct is synthesised in a stack of its own (as infra/stack.ts wires it),
 * which keeps this test to one bundle instead of every function of the product.
 */
const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'cdk-webhooks-')), context: { stage: 'dev' } });
const cfg = readConfig(app.node);
const stack = new Stack(app, 'WebhooksTest', { env: { account: '123456789012', region: 'us-east-1' } });
const table = new dynamodb.Table(stack, 'Table', {
  partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
  sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
  stream: dynamodb.StreamViewType.NEW_IMAGE,
});
const dataKey = new secretsmanager.Secret(stack, 'DataKey');
// A stand-in for the sweep's function (infra/schedules.ts makes the real one from SWEEPS).
const retrySweep = new lambda.Function(stack, 'RetrySweep', {
  runtime: lambda.Runtime.NODEJS_22_X,
  handler: 'index.handler',
  code: lambda.Code.fromInline('export const handler = async () => {}'),
});
const webhooks = new Webhooks(stack, 'Webhooks', {
  config: cfg,
  environment: { TABLE_NAME: 'table' },
  table,
  dataKey,
  sesIdentityArns: ['arn:aws:ses:us-east-1:123456789012:identity/example.com'],
  retrySweep,
});
const api = new apigwv2.HttpApi(stack, 'Api');
new Alarms(stack, 'Alarms', {
  config: cfg,
  api,
  accessLogs: new logs.LogGroup(stack, 'AccessLogs'),
  functions: [webhooks.worker],
  deadLetterQueues: [webhooks.dlq],
});
const template = Template.fromStack(stack);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const idOf = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as never);

describe('webhook delivery infrastructure', () => {
  it('pipes only outbox INSERTs from the table stream to the webhook queue', () => {
    const pipes = ofType('AWS::Pipes::Pipe');
    expect(pipes).toHaveLength(1);
    const pipe = pipes[0]![1];
    expect(pipe.Properties.Source).toEqual({ 'Fn::GetAtt': [idOf(table), 'StreamArn'] });
    expect(pipe.Properties.Target).toEqual({ 'Fn::GetAtt': [idOf(webhooks.queue), 'Arn'] });
    const pattern = JSON.parse(pipe.Properties.SourceParameters.FilterCriteria.Filters[0].Pattern);
    expect(pattern).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'WHOUT#' }] } } } });
  });

  it('has a dead-letter queue after 5 receives, and an alarm on it', () => {
    const queue = resources[idOf(webhooks.queue)]!;
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [idOf(webhooks.dlq), 'Arn'] },
      maxReceiveCount: 5,
    });
    const alarms = ofType('AWS::CloudWatch::Alarm').filter(([, r]) =>
      JSON.stringify(r.Properties.Dimensions ?? []).includes(idOf(webhooks.dlq)),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('runs the worker from the queue with partial batch failures, able to open the secrets', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [idOf(webhooks.queue), 'Arn'] },
      FunctionName: { Ref: idOf(webhooks.worker) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      // R-SET-12: batches of 10, up to 20 invocations at once (several batches in parallel, bounded).
      BatchSize: WEBHOOK_BATCH_SIZE,
      ScalingConfig: { MaximumConcurrency: WEBHOOK_MAX_CONCURRENCY },
    });
    expect(WEBHOOK_BATCH_SIZE).toBe(10);
    expect(WEBHOOK_MAX_CONCURRENCY).toBe(20);
    const worker = resources[idOf(webhooks.worker)]!;
    expect(worker.Properties.Environment.Variables.DATA_ENCRYPTION_KEY_SECRET_ARN).toEqual({ Ref: idOf(dataKey) });
    // The queue hides a message longer than the worker can run.
    expect(resources[idOf(webhooks.queue)]!.Properties.VisibilityTimeout).toBeGreaterThan(worker.Properties.Timeout);
    // The worker stops starting sends early enough that the ones under way (10 s at most) end in time.
    expect(worker.Properties.Timeout * 1000).toBeGreaterThan(STOP_STARTING_MS + WEBHOOK_TIMEOUT_MS);
    expect(STOP_STARTING_MS).toBeGreaterThan(WEBHOOK_TIMEOUT_MS);
  });

  it('lets the retry sweep open secrets and send the disabled-endpoint mail; the sweep runs every minute', () => {
    expect(SWEEPS.find((s) => s.name === 'webhook-retries')).toMatchObject({
      everyMinutes: 1,
      entry: 'functions/webhooks/retry-sweep.ts',
    });
    const role = stack.getLogicalId(retrySweep.role!.node.defaultChild as never);
    const policies = ofType('AWS::IAM::Policy').filter(([, r]) => JSON.stringify(r.Properties.Roles).includes(role));
    const doc = JSON.stringify(policies.map(([, p]) => p.Properties.PolicyDocument));
    expect(doc).toContain('secretsmanager:GetSecretValue');
    // Its table and mail grants come with every sweep's (infra/schedules.ts): it is a mail-sending sweep.
    expect(MAIL_SENDING_SWEEPS.has('webhook-retries')).toBe(true);
    expect(DATA_KEY_SWEEPS.has('webhook-retries')).toBe(true);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'pipes.amazonaws.com' } })]),
      }),
    });
  });
});
