import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { DEFAULT_LIVE_CONCURRENCY, LiveUpdates, liveConcurrencyFor, PLATFORM_OPEN_DASHBOARDS } from './live.js';

/** The events function alone, in a stack of its own with stub code (the sizing, not the bundle). */
function reservedOf(context: Record<string, unknown>): number | undefined {
  const app = new App({ context: { codeStubs: true, webDist: '/nonexistent', ...context } });
  const stack = new Stack(app, 'LiveTest', { env: { account: '123456789012', region: 'us-east-1' } });
  const table = new dynamodb.Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
  });
  const live = new LiveUpdates(stack, 'Live', {
    config: readConfig(app.node),
    environment: {},
    table,
    signingKey: new secretsmanager.Secret(stack, 'Key'),
  });
  const fns = Template.fromStack(stack).toJSON().Resources as Record<string, { Properties: Record<string, unknown> }>;
  return fns[stack.getLogicalId(live.fn.node.defaultChild as never)]!.Properties.ReservedConcurrentExecutions as
    | number
    | undefined;
}

describe('live updates concurrency (docs/decisions/0253-live-refetch-coalescing.md)', () => {
  it('is sized for the platform: 2,000 open dashboards polling every 2 s at 25 ms an answer, twice over: 50', () => {
    expect(PLATFORM_OPEN_DASHBOARDS).toBe(2000);
    expect(DEFAULT_LIVE_CONCURRENCY).toBe(50);
    // 50 instances answer 2,000 dashboards even when an answer takes twice as long.
    expect(liveConcurrencyFor(PLATFORM_OPEN_DASHBOARDS, 50, 2000, 1)).toBeLessThanOrEqual(DEFAULT_LIVE_CONCURRENCY);
    expect(liveConcurrencyFor(400)).toBe(10);
  });

  it('reserves it in prod, none elsewhere, and the context overrides it', () => {
    expect(reservedOf({ stage: 'prod' })).toBe(50);
    expect(reservedOf({ stage: 'dev' })).toBeUndefined();
    expect(reservedOf({ stage: 'prod', liveConcurrency: 0 })).toBeUndefined();
    expect(reservedOf({ stage: 'dev', liveConcurrency: 8 })).toBe(8);
    expect(() => reservedOf({ stage: 'prod', liveConcurrency: -1 })).toThrow(/liveConcurrency/);
  });
});
