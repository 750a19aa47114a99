import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubs from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AREAS, type Area } from '../shared/contract/index.js';
import { areaEntry } from '../functions/handlers.js';
import { TABLE_KEYS } from '../functions/lib/table.js';
import { SWEEPS } from '../functions/sweeps/schedules.js';
import type { InfraConfig } from './config.js';
import { PHOTO_KEY_PREFIX } from './constants.js';
import { appFunction } from './lambda.js';
import { contractRoutes, httpApiPath } from './routes.js';
import { WebDistribution } from './web.js';

/** Who gets what. Least privilege per function; docs/deploy.md restates this table. */
const TABLE_READ_WRITE: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));
/** Photos (uploads), employee documents (users). The resize function is granted separately. */
const UPLOADS_BUCKET_AREAS: ReadonlySet<Area> = new Set<Area>(['uploads', 'users']);
const SENDS_MAIL: ReadonlySet<Area> = new Set<Area>(['auth', 'platform', 'users', 'services']);
/** Every area that verifies (or, auth, signs) tokens. health answers publicly and reads nothing. */
const READS_SIGNING_KEY: ReadonlySet<Area> = new Set(AREAS.filter((a) => a !== 'health'));

/** Paths under the HTTP API's routes: the multipart and stream handlers need more than the default. */
const AREA_MEMORY: Partial<Record<Area, number>> = { uploads: 1024, users: 1024, reports: 1024, platform: 1024 };

export interface BackOfficeStackProps extends StackProps {
  config: InfraConfig;
  /** From the us-east-1 certificate stack when this stack lives elsewhere. */
  certificate?: acm.ICertificate;
}

export class BackOfficeStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  readonly signingKey: secretsmanager.Secret;
  readonly api: apigwv2.HttpApi;
  readonly areaFunctions = {} as Record<Area, lambda.Function>;
  readonly streamFunction: lambda.Function;
  readonly resizeFunction: lambda.Function;
  readonly sweepFunctions: Record<string, { fn: lambda.Function; rule: events.Rule; dlq: sqs.Queue }> = {};
  readonly web: WebDistribution;
  readonly alarmTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: BackOfficeStackProps) {
    super(scope, id, props);
    const cfg = props.config;
    const retain = cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // ---------------------------------------------------------------- data
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      deletionProtection: cfg.isProd,
      removalPolicy: retain,
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
      removalPolicy: retain,
      // Outside production a stack deletion should not stop at a non-empty bucket.
      autoDeleteObjects: !cfg.isProd,
    };
    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      ...privateBucket,
      // Browsers PUT/POST straight to presigned URLs. Presigning is the access control; CORS only
      // lets our pages read the answer. With a domain that is the apex and every tenant subdomain;
      // without one, the distribution's own *.cloudfront.net name (naming the distribution here
      // would make a cycle: its CSP names this bucket).
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.PUT, s3.HttpMethods.POST],
          allowedOrigins: cfg.domainName ? [`https://${cfg.domainName}`, `https://*.${cfg.domainName}`] : ['https://*.cloudfront.net'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [{ id: 'abandoned-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(2) }],
    });
    this.webBucket = new s3.Bucket(this, 'WebBucket', privateBucket);

    // The HMAC key for session tokens: generated by Secrets Manager, never in the template.
    this.signingKey = new secretsmanager.Secret(this, 'TokenSigningKey', {
      description: 'HMAC key that signs session tokens (functions/lib/tokens.ts)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: retain,
    });

    const alarmTopic = (this.alarmTopic = new sns.Topic(this, 'AlarmTopic', { displayName: `Rental back office ${cfg.stage} alarms` }));
    if (cfg.alarmEmail) alarmTopic.addSubscription(new snsSubs.EmailSubscription(cfg.alarmEmail));

    const baseEnv: Record<string, string> = {
      TABLE_NAME: this.table.tableName,
      UPLOADS_BUCKET: this.uploadsBucket.bucketName,
      MAIL_FROM: cfg.mailFrom,
      TENANT_URL_MODE: cfg.domainName ? 'subdomain' : 'path',
      LOG_LEVEL: cfg.isProd ? 'INFO' : 'DEBUG',
    };
    const sesResources = this.sesIdentityArns(cfg);

    // ---------------------------------------------------------------- API functions
    this.api = new apigwv2.HttpApi(this, 'Api', {
      description: 'Rental back office API: one route per contract entry',
      // Browsers reach the API only through CloudFront (same origin): no CORS configuration.
      createDefaultStage: true,
    });
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: cfg.logRetentionDays as logs.RetentionDays, removalPolicy: retain });
    const stage = this.api.defaultStage?.node.defaultChild as apigwv2.CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId', ip: '$context.identity.sourceIp', routeKey: '$context.routeKey', status: '$context.status',
        latency: '$context.responseLatency', integrationError: '$context.integrationErrorMessage', time: '$context.requestTime',
      }),
    };

    for (const area of AREAS) {
      const fn = appFunction(this, `${pascal(area)}Function`, {
        entry: areaEntry(area),
        description: `API routes of the ${area} area`,
        environment: { ...baseEnv, POWERTOOLS_SERVICE_NAME: area },
        memorySize: AREA_MEMORY[area],
      }, cfg);
      if (TABLE_READ_WRITE.has(area)) this.table.grantReadWriteData(fn);
      if (UPLOADS_BUCKET_AREAS.has(area)) {
        this.uploadsBucket.grantReadWrite(fn);
        this.uploadsBucket.grantDelete(fn);
      }
      // Services sign GET URLs for photos (staff cards, the public page): reading photos is enough.
      if (area === 'services') this.uploadsBucket.grantRead(fn, 'tenants/*/photos/*');
      if (SENDS_MAIL.has(area)) this.grantSendMail(fn, sesResources);
      if (READS_SIGNING_KEY.has(area)) this.grantSigningKey(fn);
      this.areaFunctions[area] = fn;
    }

    // One integration per area; one invoke permission per function (not per route: 106 route-scoped
    // statements would crowd the functions' resource policies and the template).
    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of AREAS) {
      integrations.set(area, new HttpLambdaIntegration(`${pascal(area)}Integration`, this.areaFunctions[area], {
        payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        scopePermissionToRoute: false,
      }));
    }
    for (const r of contractRoutes) {
      const path = httpApiPath(r);
      new apigwv2.HttpRoute(this, `Route ${r.method} ${path}`, {
        httpApi: this.api,
        routeKey: apigwv2.HttpRouteKey.with(path, r.method as apigwv2.HttpMethod),
        integration: integrations.get(r.area)!,
      });
    }

    // ---------------------------------------------------------------- live updates (SSE)
    // HTTP APIs buffer a Lambda's whole answer, so GET /api/events/dashboard would never stream
    // through them. A function URL in RESPONSE_STREAM mode does; CloudFront fronts it (same origin,
    // so the SPA's connect-src 'self' holds) and signs with OAC, so the URL itself refuses anyone
    // but this distribution. The HTTP API still has the contract route (events area function) for
    // completeness and for `sam local`, where it answers buffered.
    this.streamFunction = appFunction(this, 'EventsStreamFunction', {
      entry: 'functions/events/stream.ts',
      description: 'GET /api/events/dashboard as a streamed server-sent events response (function URL)',
      environment: { ...baseEnv, POWERTOOLS_SERVICE_NAME: 'events-stream' },
      memorySize: 256,
      // functions/events/dashboard-stream.ts ends a connection after 14 minutes; EventSource reconnects.
      timeout: Duration.minutes(15),
    }, cfg);
    this.table.grantReadData(this.streamFunction);
    this.grantSigningKey(this.streamFunction);
    const streamUrl = this.streamFunction.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });

    // ---------------------------------------------------------------- photo resize
    this.resizeFunction = appFunction(this, 'ResizeFunction', {
      entry: 'functions/uploads/resize.ts',
      description: 'Writes photo variants when an original lands under tenants/*/photos/originals/',
      environment: { ...baseEnv, POWERTOOLS_SERVICE_NAME: 'resize' },
      memorySize: 1536,
      timeout: Duration.minutes(1),
      ...(cfg.sharpBundling === 'install' ? { nodeModules: ['sharp'] } : { externalModules: ['sharp'] }),
      deadLetterQueue: this.deadLetterQueue('ResizeDlq', retain),
      retryAttempts: 2,
    }, cfg);
    if (cfg.sharpBundling === 'external' && !cfg.codeStubs) {
      Annotations.of(this.resizeFunction).addWarningV2('rental:sharp-external',
        'sharp is not in the resize bundle (sharpBundling=external, the offline default). Deploy with `npm run deploy`, which passes -c sharpBundling=install.');
    }
    this.uploadsBucket.grantRead(this.resizeFunction);
    this.uploadsBucket.grantPut(this.resizeFunction);
    this.table.grantReadWriteData(this.resizeFunction);
    this.uploadsBucket.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new s3n.LambdaDestination(this.resizeFunction),
      { prefix: PHOTO_KEY_PREFIX },
    );

    // ---------------------------------------------------------------- schedules
    for (const sweep of SWEEPS) {
      const id = pascal(sweep.name);
      const dlq = this.deadLetterQueue(`${id}SweepDlq`, retain);
      const fn = appFunction(this, `${id}SweepFunction`, {
        entry: sweep.entry,
        description: sweep.description,
        environment: { ...baseEnv, POWERTOOLS_SERVICE_NAME: `sweep-${sweep.name}` },
        timeout: Duration.minutes(5),
        // Lambda's own retries for a failing run, then the event lands in the DLQ.
        deadLetterQueue: dlq,
        retryAttempts: 2,
      }, cfg);
      this.table.grantReadWriteData(fn);
      const rule = new events.Rule(this, `${id}Schedule`, {
        description: sweep.description,
        schedule: events.Schedule.rate(Duration.minutes(sweep.everyMinutes)),
        // Delivery failures (throttled, permission) retry, then go to the same DLQ.
        targets: [new targets.LambdaFunction(fn, { deadLetterQueue: dlq, retryAttempts: 3, maxEventAge: Duration.minutes(Math.max(sweep.everyMinutes, 5)) })],
      });
      this.sweepFunctions[sweep.name] = { fn, rule, dlq };
    }

    // ---------------------------------------------------------------- web
    this.web = new WebDistribution(this, 'Web', {
      config: cfg,
      webBucket: this.webBucket,
      uploadsBucket: this.uploadsBucket,
      api: this.api,
      streamUrl,
      certificate: props.certificate,
    });
    // APP_BASE_URL names the distribution when there is no domain. Set after the distribution
    // exists; no cycle, because the distribution depends on the API, not on its routes.
    const appBaseUrl = cfg.domainName ? `https://${cfg.domainName}` : `https://${this.web.distribution.distributionDomainName}`;
    for (const area of AREAS) this.areaFunctions[area].addEnvironment('APP_BASE_URL', appBaseUrl);
    for (const { fn } of Object.values(this.sweepFunctions)) fn.addEnvironment('APP_BASE_URL', appBaseUrl);
    // The stream function is an origin of the distribution: naming the distribution in its
    // environment would be a cycle. It builds no links, so it does not need APP_BASE_URL.

    // ---------------------------------------------------------------- operations
    this.alarms(cfg, alarmTopic);

    new CfnOutput(this, 'Url', { value: appBaseUrl, description: 'Where people reach the product' });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint, description: 'The HTTP API, bypassing CloudFront' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }

  /** Every function that runs our code (for tests and alarms). */
  get appFunctions(): lambda.Function[] {
    return [...Object.values(this.areaFunctions), this.streamFunction, this.resizeFunction, ...Object.values(this.sweepFunctions).map((s) => s.fn)];
  }

  private deadLetterQueue(id: string, removalPolicy: RemovalPolicy): sqs.Queue {
    return new sqs.Queue(this, id, {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });
  }

  private grantSigningKey(fn: lambda.Function): void {
    fn.addEnvironment('TOKEN_SIGNING_KEY_SECRET_ARN', this.signingKey.secretArn);
    // Only GetSecretValue on this one secret (grantRead would add DescribeSecret too).
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.signingKey.secretArn] }));
  }

  private grantSendMail(fn: lambda.Function, identities: string[]): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: identities }));
  }

  /**
   * SES authorises a send against the identity that verified the From address: the address itself
   * or its domain. Context `sesIdentity` (ARN, domain or address) names it; otherwise both the
   * `mailFrom` address and its domain are allowed, in this account and region.
   */
  private sesIdentityArns(cfg: InfraConfig): string[] {
    const arn = (identity: string) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    if (cfg.sesIdentity) return [cfg.sesIdentity.startsWith('arn:') ? cfg.sesIdentity : arn(cfg.sesIdentity)];
    const domain = cfg.mailFrom.split('@')[1];
    return domain ? [arn(cfg.mailFrom), arn(domain)] : [arn(cfg.mailFrom)];
  }

  private alarms(cfg: InfraConfig, topic: sns.Topic): void {
    const action = new cwActions.SnsAction(topic);
    const add = (alarm: cloudwatch.Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    };
    // 5xx as a share of requests, silent below ten requests in five minutes so one failure at
    // night is not a page.
    add(new cloudwatch.MathExpression({
      expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: this.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
        requests: this.api.metricCount({ period: Duration.minutes(5), statistic: 'Sum' }),
      },
      label: 'API 5xx %',
      period: Duration.minutes(5),
    }).createAlarm(this, 'Api5xxRateAlarm', {
      alarmDescription: `API 5xx responses above 5% of requests (${cfg.stage})`,
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }));

    for (const fn of this.appFunctions) {
      const name = fn.node.id.replace(/Function$/, '');
      add(fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, `${name}ErrorsAlarm`, {
        alarmDescription: `${name}: invocations failed (the handler threw or timed out)`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }));
      add(fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }).createAlarm(this, `${name}ThrottlesAlarm`, {
        alarmDescription: `${name}: invocations throttled (account or reserved concurrency)`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }));
    }

    for (const queue of this.node.findAll().filter((c): c is sqs.Queue => c instanceof sqs.Queue)) {
      add(queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }).createAlarm(this, `${queue.node.id}DepthAlarm`, {
        alarmDescription: `${queue.node.id}: failed events are waiting to be inspected and redriven`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }));
    }
  }
}

export function pascal(name: string): string {
  return name.replace(/(^|[-_\s])(\w)/g, (_, __, c: string) => c.toUpperCase());
}
