import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { appFunction } from './lambda.js';
import { grantSigningKey } from './permissions.js';

export interface LiveUpdatesProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  signingKey: secretsmanager.ISecret;
}

/**
 * Sizing of the events function (docs/decisions/0253-live-refetch-coalescing.md). Each visible dashboard
 * asks once per LIVE_POLL_MS (the answer's `retry: 2000`); an answer takes ~LIVE_ANSWER_MS warm.
 * The platform is sized for PLATFORM_OPEN_DASHBOARDS at once (e.g. 500 organizations with 4 screens
 * each), with LIVE_HEADROOM for cold starts and slow answers.
 */
export const LIVE_POLL_MS = 2000;
export const LIVE_ANSWER_MS = 25;
export const PLATFORM_OPEN_DASHBOARDS = 2000;
export const LIVE_HEADROOM = 2;

/** Instances busy at once for this many open dashboards: arrivals per second × seconds per answer × headroom. */
export function liveConcurrencyFor(
  openDashboards: number,
  answerMs = LIVE_ANSWER_MS,
  pollMs = LIVE_POLL_MS,
  headroom = LIVE_HEADROOM,
): number {
  return Math.ceil(((openDashboards * 1000) / pollMs) * (answerMs / 1000) * headroom);
}

/**
 * Context `liveConcurrency`: reserved concurrency of the events function (0: none). Default in prod:
 * 2000 dashboards × 0.5 answers/s × 0.025 s × 2 = 50. Lambda keeps 100 of the account's quota
 * unreserved, so an account whose quota is below 150 deploys with `-c liveConcurrency=0`.
 */
export const DEFAULT_LIVE_CONCURRENCY = liveConcurrencyFor(PLATFORM_OPEN_DASHBOARDS);

/**
 * GET /api/events/dashboard as SHORT server-sent-event answers (docs/decisions/0117-live-live-updates-are-short-sse-requests.md):
 * each request answers the events after its Last-Event-ID at once and ends with `retry: 2000`, so
 * nothing runs between requests or after the tab closes. The browser calls this function's URL
 * directly (its address is written to the SPA's runtime-config.json by web.ts): at one request
 * every ~2 s, CloudFront's or API Gateway's per-request fee ($1 per million) alone would cost more
 * than the whole $0.50 a month an open dashboard may cost. The URL is public (auth NONE, any
 * origin: the token in the query is the credential, verified by the events pipeline, and nothing
 * rides on cookies); CloudFront still routes the same path here (web.ts) for same-origin use.
 * A reserved concurrency caps it: at ~25 ms a request, 50 instances serve the platform's 2,000 open
 * dashboards with room to spare (4,000 at 25 ms), and the API's functions keep the rest of the account.
 */
export class LiveUpdates extends Construct {
  readonly fn: lambda.Function;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: LiveUpdatesProps) {
    super(scope, id);
    const ctx: unknown = this.node.tryGetContext('liveConcurrency');
    const reserved = ctx === undefined ? (props.config.isProd ? DEFAULT_LIVE_CONCURRENCY : 0) : Number(ctx);
    if (!Number.isInteger(reserved) || reserved < 0)
      throw new Error(`liveConcurrency must be a whole number ≥ 0, got ${String(ctx)}`);
    this.fn = appFunction(
      this,
      'EventsStreamFunction',
      {
        entry: 'functions/events/stream.ts',
        description: 'GET /api/events/dashboard: short server-sent-event answers (function URL)',
        environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: 'events' },
        memorySize: 128,
        // One answer is one GetItem-cached token check and one Query: milliseconds. Nothing waits.
        timeout: Duration.seconds(10),
        readsSecrets: true,
      },
      props.config,
    );
    if (reserved > 0) (this.fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = reserved;
    props.table.grantReadData(this.fn);
    // EventSource sends no headers: the token comes in the query string and is verified here.
    grantSigningKey(this.fn, props.signingKey);
    this.url = this.fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.BUFFERED,
      cors: {
        allowedOrigins: ['*'],
        allowedMethods: [lambda.HttpMethod.GET],
        allowedHeaders: ['last-event-id', 'cache-control'],
        maxAge: Duration.days(1),
      },
    });
  }
}
