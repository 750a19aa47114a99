import { CfnOutput, Stack, Token, type StackProps } from 'aws-cdk-lib';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { AREAS } from '../shared/contract/index.js';
import { Alarms } from './alarms.js';
import { Api } from './api.js';
import type { InfraConfig } from './config.js';
import { Data } from './data.js';
import { EdgeFirewall } from './edge.js';
import { LiveUpdates } from './live.js';
import { MailEvents } from './mail-events.js';
import { acknowledgeNag, arnWildcard } from './nag.js';
import { grantHealthProbes, HEALTH_PROBE_AREAS, sesIdentityArns } from './permissions.js';
import { PhotoResize } from './photos.js';
import { SecretRotation } from './rotation.js';
import { Schedules } from './schedules.js';
import { Webhooks } from './webhooks.js';
import { WebDistribution } from './web.js';

export interface BackOfficeStackProps extends StackProps {
  config: InfraConfig;
  /** A us-east-1 certificate made elsewhere, for a stack in another region (see docs/deploy.md). */
  certificate?: acm.ICertificate;
  /** A CloudFront web ACL made in us-east-1 (EdgeStack) when this stack is elsewhere; made here otherwise. */
  webAclArn?: string;
}

/** The whole product in one stack; each part is a construct of its own module. */
export class BackOfficeStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly live: LiveUpdates;
  readonly photos: PhotoResize;
  readonly schedules: Schedules;
  readonly webhooks: Webhooks;
  readonly web: WebDistribution;
  readonly alarms: Alarms;
  readonly mailEvents: MailEvents;
  readonly rotation: SecretRotation;

  constructor(scope: Construct, id: string, props: BackOfficeStackProps) {
    super(scope, id, props);
    const cfg = props.config;

    this.data = new Data(this, 'Data', cfg);
    const { table, uploadsBucket, webBucket, signingKey, dataKey } = this.data;

    // What functions/lib/config.ts reads. APP_BASE_URL is added below, once the distribution exists.
    const environment: Record<string, string> = {
      TABLE_NAME: table.tableName,
      UPLOADS_BUCKET: uploadsBucket.bucketName,
      MAIL_FROM: cfg.mailFrom,
      TENANT_URL_MODE: cfg.domainName ? 'subdomain' : 'path',
      LOG_LEVEL: cfg.isProd ? 'INFO' : 'DEBUG',
    };

    // The header CloudFront adds to API requests and the API checks: execute-api alone answers 403.
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront as x-origin-secret; API requests without it are refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    // A CloudFront web ACL must be made in us-east-1 (infra/edge.ts; app.ts makes an EdgeStack otherwise).
    let webAclArn = props.webAclArn;
    if (!webAclArn) {
      if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
        throw new Error(
          `The WAF web ACL for CloudFront must be made in us-east-1: pass webAclArn from an EdgeStack there (app.ts does) for a stack in ${this.region}`,
        );
      }
      webAclArn = new EdgeFirewall(this, 'Firewall', {
        stage: cfg.stage,
        // infra/stack.ts's TENANT_URL_MODE: subdomains exactly when a domain is configured.
        tenantHosts: cfg.domainName !== undefined,
      }).webAcl.attrArn;
    }
    // With a domain and its hosted zone: the SES identity for it, with its DKIM records in the zone.
    if (cfg.domainName && cfg.hostedZoneId) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'MailZone', {
        hostedZoneId: cfg.hostedZoneId,
        zoneName: cfg.hostedZoneName ?? cfg.domainName,
      });
      new ses.EmailIdentity(this, 'MailIdentity', { identity: ses.Identity.publicHostedZone(zone), dkimSigning: true });
    }

    // Delivery, bounce and complaint notifications: the configuration set every mail is sent with.
    this.mailEvents = new MailEvents(this, 'MailEvents', { config: cfg, environment, table });
    environment.SES_CONFIGURATION_SET = this.mailEvents.configurationSet.configurationSetName;
    const mailIdentities = [...sesIdentityArns(this, cfg), this.mailEvents.configurationSetArn(this)];
    this.api = new Api(this, 'Api', {
      config: cfg,
      environment,
      table,
      uploadsBucket,
      signingKey,
      dataKey,
      originSecret,
      sesIdentityArns: mailIdentities,
    });
    this.live = new LiveUpdates(this, 'Live', { config: cfg, environment, table, signingKey });
    this.photos = new PhotoResize(this, 'Photos', { config: cfg, environment, table, uploadsBucket });
    this.schedules = new Schedules(this, 'Schedules', {
      config: cfg,
      environment,
      table,
      sesIdentityArns: mailIdentities,
    });
    this.webhooks = new Webhooks(this, 'Webhooks', {
      config: cfg,
      environment,
      table,
      dataKey,
      sesIdentityArns: mailIdentities,
      retrySweep: this.schedules.sweeps['webhook-retries']!.fn,
    });
    // The platform health page reads SES's quota and every dead-letter queue (functions/platform/health.ts).
    for (const area of HEALTH_PROBE_AREAS) {
      grantHealthProbes(this.api.functions[area], {
        resize: this.photos.dlq,
        'mail-events': this.mailEvents.dlq,
        ...Object.fromEntries(Object.entries(this.schedules.sweeps).map(([name, s]) => [name, s.dlq])),
        webhooks: this.webhooks.dlq,
      });
    }
    this.web = new WebDistribution(this, 'Web', {
      config: cfg,
      webBucket,
      logBucket: this.data.logBucket,
      uploadsBucket,
      api: this.api.httpApi,
      streamUrl: this.live.url,
      certificate: props.certificate,
      originSecret,
      webAclArn,
    });

    // Links in mail and API answers. Without a domain that is the distribution's own name: set after
    // the distribution exists, no cycle (the distribution depends on the API, not its functions'
    // configuration). The stream function is an origin of the distribution, so it cannot name it;
    // it builds no links. Resize builds none either.
    const appBaseUrl = cfg.domainName
      ? `https://${cfg.domainName}`
      : `https://${this.web.distribution.distributionDomainName}`;
    for (const fn of [...Object.values(this.api.functions), ...this.sweepFunctions, this.webhooks.worker])
      fn.addEnvironment('APP_BASE_URL', appBaseUrl);
    // With a domain the name is plain text (no cycle): the stream tells tenant hosts by it (functions/lib/middlewares/tenant-host.ts).
    if (cfg.domainName) this.live.fn.addEnvironment('APP_BASE_URL', appBaseUrl);

    this.rotation = new SecretRotation(this, 'SecretRotation', {
      config: cfg,
      environment,
      signingKey,
      originSecret,
      dataKey,
      distribution: this.web.distribution,
      webAclArn,
    });

    this.alarms = new Alarms(this, 'Alarms', {
      config: cfg,
      api: this.api.httpApi,
      accessLogs: this.api.accessLogs,
      functions: this.appFunctions,
      deadLetterQueues: [
        this.photos.dlq,
        this.mailEvents.dlq,
        ...Object.values(this.schedules.sweeps).map((s) => s.dlq),
        this.webhooks.dlq,
      ],
    });

    this.acknowledgeCdkHelpers();

    new CfnOutput(this, 'Url', { value: appBaseUrl, description: 'Where people reach the product' });
    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.httpApi.apiEndpoint,
      description: 'The HTTP API, bypassing CloudFront',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: uploadsBucket.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: webBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'SigningKeySecretArn', {
      value: signingKey.secretArn,
      description: 'The ARN only; the key stays in Secrets Manager',
    });
  }

  /**
   * CDK's own helper functions (the S3 notification set-up, the SPA upload) are singletons made by
   * CDK at stack level: their code, runtime and roles are CDK's, not ours to change.
   */
  private acknowledgeCdkHelpers(): void {
    // An acknowledgement id must be plain text: an environment-agnostic stack names the asset bucket the way cdk-nag prints it.
    const plain = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const assets = `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${plain(this.account, 'AccountId')}-${plain(this.region, 'Region')}/*`;
    for (const helper of this.node.children.filter((c) =>
      /^(BucketNotificationsHandler|Custom::CDKBucketDeployment)/.test(c.node.id),
    )) {
      const what = helper.node.id.startsWith('Custom::')
        ? 'CDK’s BucketDeployment function (uploads web/dist at deploy time)'
        : 'CDK’s bucket-notifications function (sets the resize trigger at deploy time)';
      acknowledgeNag(
        helper,
        'IAM4',
        `${what}: CDK gives it AWSLambdaBasicExecutionRole, logs only`,
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
      );
      acknowledgeNag(helper, 'L1', `${what}: its runtime is chosen by aws-cdk-lib and moves with it`);
      for (const finding of [
        'Resource::*',
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        assets,
        arnWildcard(this.data.webBucket, '*'),
      ]) {
        acknowledgeNag(
          helper,
          'IAM5',
          `${what}: CDK's grants to read the deployment asset and replace the SPA's files in the web bucket (and, for the notifications function, to configure any bucket's notifications)`,
          finding,
        );
      }
    }
  }

  get sweepFunctions(): lambda.Function[] {
    return Object.values(this.schedules.sweeps).map((s) => s.fn);
  }

  /** Every function that runs our code (CDK's own helper functions excluded). */
  get appFunctions(): lambda.Function[] {
    return [
      ...AREAS.map((a) => this.api.functions[a]),
      this.live.fn,
      this.photos.fn,
      this.mailEvents.fn,
      this.rotation.fn,
      ...this.sweepFunctions,
      this.webhooks.worker,
    ];
  }
}
