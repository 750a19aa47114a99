import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS, type Area } from '../shared/contract/index.js';
import { areaEntry } from '../functions/handlers.js';
import type { InfraConfig } from './config.js';
import { appFunction, retention } from './lambda.js';
import { acknowledgeNag } from './nag.js';
import {
  BUCKET_PROBE_AREAS,
  DATA_KEY_AREAS,
  DOCUMENT_ACCESS_AREAS,
  grantBucketProbe,
  grantDataKey,
  grantDocumentAccess,
  grantPhotoAccess,
  grantSendMail,
  grantSigningKey,
  MAIL_SENDING_AREAS,
  PHOTO_ACCESS,
  SIGNING_KEY_AREAS,
  TABLE_AREAS,
} from './permissions.js';
import { contractRoutes, httpApiPath } from './routes.js';

export interface ApiProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  uploadsBucket: s3.IBucket;
  signingKey: secretsmanager.ISecret;
  /** Employees' encrypted fields (users only). */
  dataKey: secretsmanager.ISecret;
  sesIdentityArns: string[];
  /** CloudFront sends it as x-origin-secret; the functions refuse requests without it. */
  originSecret: secretsmanager.ISecret;
}

/**
 * Stage throttling (requests per second, burst): the whole API, and sign-in and public booking alone.
 * These are the platform's limits, sized for what the platform can serve (Lambda's 1,000 concurrent
 * executions per account and region, DynamoDB on-demand's 4,000 write units a second on a new table),
 * not for one tenant: fairness between tenants and share links lives at the edge (infra/edge.ts
 * WAF_RATE_LIMITS.perTenant and perLink, each a tenth of these). Arithmetic in
 * docs/decisions/0254-edge-limits-per-tenant.md. The burst is no larger than the concurrency a full burst of
 * cold starts (about a second each) can get.
 */
export const STAGE_THROTTLE = { rate: 1000, burst: 1000 } as const;
export const ROUTE_THROTTLE: Record<string, { rate: number; burst: number }> = {
  // Sign-in stays at 20: each attempt costs a password hash (CPU), and WAF and the API limit it per source.
  'POST /api/auth/login': { rate: 20, burst: 40 },
  'POST /public/service/{token}/book': { rate: 200, burst: 400 },
};

/** Areas whose handlers build reports, process photos or fan out to many items: more memory (and CPU). */
const AREA_MEMORY: Partial<Record<Area, number>> = { uploads: 1024, reports: 1024, platform: 1024 };

/**
 * The HTTP API: one Lambda per contract area, one route per contract entry (generated from
 * shared/contract `routes`, so a route added to the contract is deployed without touching infra).
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly functions = {} as Record<Area, lambda.Function>;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const cfg = props.config;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Rental back office API: one route per contract entry',
      // Browsers reach the API only through CloudFront (same origin): no CORS configuration.
      createDefaultStage: true,
    });
    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: retention(cfg.logRetentionDays),
      removalPolicy: cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }));
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigwv2.CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
        time: '$context.requestTime',
      }),
    };
    stage.defaultRouteSettings = {
      throttlingRateLimit: STAGE_THROTTLE.rate,
      throttlingBurstLimit: STAGE_THROTTLE.burst,
    };
    stage.routeSettings = Object.fromEntries(
      Object.entries(ROUTE_THROTTLE).map(([key, t]) => [
        key,
        { ThrottlingRateLimit: t.rate, ThrottlingBurstLimit: t.burst },
      ]),
    );

    acknowledgeNag(
      this,
      'APIG4',
      'Every route is authorised by its function: the pipeline verifies the bearer token and the account (authenticate), then role, permission matrix and tenant (authorise), which an API Gateway authorizer could not express; public routes are public by the spec; requests without the CloudFront origin secret are refused first',
    );
    for (const area of AREAS) {
      const fn = appFunction(
        this,
        `${pascal(area)}Function`,
        {
          entry: areaEntry(area),
          description: `API routes of the ${area} area`,
          environment: {
            ...props.environment,
            POWERTOOLS_SERVICE_NAME: area,
            ORIGIN_SECRET_ARN: props.originSecret.secretArn,
          },
          memorySize: AREA_MEMORY[area],
          readsSecrets: true,
        },
        cfg,
      );
      if (TABLE_AREAS.has(area)) props.table.grantReadWriteData(fn);
      const photos = PHOTO_ACCESS[area];
      if (photos) grantPhotoAccess(props.uploadsBucket, fn, photos);
      if (DOCUMENT_ACCESS_AREAS.has(area)) grantDocumentAccess(props.uploadsBucket, fn);
      if (BUCKET_PROBE_AREAS.has(area)) grantBucketProbe(props.uploadsBucket, fn);
      if (DATA_KEY_AREAS.has(area)) grantDataKey(fn, props.dataKey);
      if (MAIL_SENDING_AREAS.has(area)) grantSendMail(fn, props.sesIdentityArns);
      if (SIGNING_KEY_AREAS.has(area)) grantSigningKey(fn, props.signingKey);
      props.originSecret.grantRead(fn);
      this.functions[area] = fn;
    }

    // One integration and one invoke permission per area, not per route: 107 route-scoped
    // permissions would crowd the functions' resource policies (20 kB limit) and the template.
    const integrations = new Map<Area, HttpLambdaIntegration>(
      AREAS.map((area) => [
        area,
        new HttpLambdaIntegration(`${pascal(area)}Integration`, this.functions[area], {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
          scopePermissionToRoute: false,
        }),
      ]),
    );
    for (const r of contractRoutes) {
      const path = httpApiPath(r);
      new apigwv2.HttpRoute(this, `Route ${r.method} ${path}`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(path, r.method as apigwv2.HttpMethod),
        integration: integrations.get(r.area)!,
      });
    }
    // Anything no route names (another method on a declared path, or an unknown path) reaches the
    // health function through the API's `$default` route; its route match answers 405 with Allow from
    // the contract, or 404 (docs/decisions/0237-api-default-route.md). One route instead of one ANY per path
    // keeps the stack under CloudFormation's 500 resources and the API under its 300 routes.
    new apigwv2.HttpRoute(this, 'Route $default', {
      httpApi: this.httpApi,
      routeKey: apigwv2.HttpRouteKey.DEFAULT,
      integration: integrations.get('health')!,
    });
  }
}

export function pascal(name: string): string {
  return name.replace(/(^|[-_\s])(\w)/g, (_, __, c: string) => c.toUpperCase());
}
