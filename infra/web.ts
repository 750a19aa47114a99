import { Annotations, Duration, Fn, Stack, Token } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { acknowledgeNag } from './nag.js';
import { STREAM_PATH } from './constants.js';
import { ORIGIN_SECRET_HEADER } from '../functions/lib/origin-secret.js';
import { VIEWER_HOST_HEADER } from '../shared/domain/tenant-host.js';
import { contentSecurityPolicy as sharedCsp, FRAME_OPTIONS, HSTS } from '../shared/security-headers.js';
import { SPA_FALLBACK_CODE } from './spa-fallback.js';

export interface WebDistributionProps {
  config: InfraConfig;
  webBucket: s3.IBucket;
  /** Where CloudFront's standard logs go (infra/data.ts, the access-log bucket). */
  logBucket: s3.IBucket;
  uploadsBucket: s3.IBucket;
  api: apigwv2.IHttpApi;
  /** The events function URL that serves GET /api/events/dashboard (short SSE answers). */
  streamUrl: lambda.IFunctionUrl;
  /** A certificate made elsewhere (for example a us-east-1 stack); otherwise one is made here. */
  certificate?: acm.ICertificate;
  /** Sent to the API as x-origin-secret (functions/lib/origin-secret.ts refuses calls without it). */
  originSecret: secretsmanager.ISecret;
  /** The AWS WAF web ACL (CLOUDFRONT scope, us-east-1) in front of everything (infra/edge.ts). */
  webAclArn?: string;
}

/**
 * Names the viewer to the API: its address (rate limits per address) and the host it asked for (one
 * tenant per host, functions/lib/middlewares/tenant-host.ts; the origin gets API Gateway's own name
 * as Host). CloudFront's own view overwrites whatever the viewer sent under these names; the API
 * believes them only on requests carrying the origin secret.
 */
export const VIEWER_IP_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['x-viewer-ip'] = { value: event.viewer.ip };
  if (request.headers.host) request.headers['${VIEWER_HOST_HEADER}'] = { value: request.headers.host.value };
  else delete request.headers['${VIEWER_HOST_HEADER}'];
  return request;
}`;

export const PROD_NEEDS_DOMAIN =
  'A production stage needs a domain (context domainName and hostedZoneId): without one CloudFront serves its default certificate, which accepts TLS 1.0 (docs/deploy.md)';

/** Paths CloudFront sends to the HTTP API rather than the SPA bucket. */
export const API_PATH_PATTERNS = ['/api/*', '/public/*'] as const;

/** The SPA's content security policy (one definition: shared/security-headers.ts, read by the local runtime too). */
export function contentSecurityPolicy(uploadsHost: string, connectHosts: string[] = []): string {
  return sharedCsp({ uploads: [`https://${uploadsHost}`], connect: connectHosts.map((h) => `https://${h}`) });
}

/**
 * CloudFront in front of everything: the SPA from the private web bucket (origin access control),
 * the API and the public booking API from the HTTP API, live updates from the streaming function
 * URL, strict security headers on every answer, and with a domain the apex and `*.domain` so every
 * tenant subdomain works without a per-tenant step.
 */
export class WebDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly certificate?: acm.ICertificate;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);
    const cfg = props.config;

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Strict security headers for the SPA and the API',
      securityHeadersBehavior: {
        // The live-updates EventSource goes straight to the events function URL (infra/live.ts).
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.uploadsBucket.bucketRegionalDomainName, [
            Fn.select(2, Fn.split('/', props.streamUrl.url)),
          ]),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          preload: HSTS.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: {
          frameOption:
            FRAME_OPTIONS === 'DENY' ? cloudfront.HeadersFrameOption.DENY : cloudfront.HeadersFrameOption.SAMEORIGIN,
          override: true,
        },
        // Sign-in and sign-up URLs carry tokens: never send them to another site.
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Client-side routes get index.html; files stay files',
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // The HTTP API's endpoint is https://{id}.execute-api.{region}.amazonaws.com: its host is the origin.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: 'x-viewer-ip and x-viewer-host for the API (rate limits, one tenant per host)',
      code: cloudfront.FunctionCode.fromInline(VIEWER_IP_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(apiHost, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
      }),
      functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Authorization, content type, query strings and the tenant's Host-derived headers reach the
      // API; Host itself must be the API's own name or API Gateway refuses the request.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };
    const streamBehavior: cloudfront.BehaviorOptions = {
      // The function URL takes no IAM auth (infra/live.ts: the SPA calls it directly, the pipeline checks the token).
      origin: new origins.FunctionUrlOrigin(props.streamUrl, { readTimeout: Duration.seconds(60) }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    // The default *.cloudfront.net certificate lets viewers negotiate TLS 1.0 and CloudFront offers no
    // setting to raise it; only a certificate of our own takes TLSv1.2_2021. Production must have one.
    if (cfg.isProd && !cfg.domainName) throw new Error(PROD_NEEDS_DOMAIN);
    if (cfg.domainName) {
      this.certificate =
        props.certificate ?? this.certificateHere(cfg.domainName, cfg.hostedZoneId!, cfg.hostedZoneName!);
    }

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Rental back office (${cfg.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(cfg.domainName && this.certificate
        ? {
            domainNames: [cfg.domainName, `*.${cfg.domainName}`],
            certificate: this.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      // Order matters: CloudFront takes the first matching pattern, so the stream comes before /api/*.
      additionalBehaviors: {
        [STREAM_PATH]: streamBehavior,
        ...Object.fromEntries(API_PATH_PATTERNS.map((p) => [p, apiBehavior])),
      },
    });

    if (!cfg.domainName) {
      acknowledgeNag(
        this.distribution,
        'CFR4',
        `Stage ${cfg.stage} has no domain, so CloudFront serves its default certificate, which cannot refuse TLS 1.0; a production stage does not synthesise without a domain (PROD_NEEDS_DOMAIN)`,
      );
    }
    acknowledgeNag(
      this.distribution,
      'CFR1',
      'Customers book and staff work from wherever they are; the WAF web ACL (infra/edge.ts) limits abuse by rate, not by country',
    );
    if (cfg.domainName) this.aliasRecords(cfg.domainName, cfg.hostedZoneId!, cfg.hostedZoneName!);

    if (cfg.webDistPresent) {
      new s3deploy.BucketDeployment(this, 'Spa', {
        // runtime-config.json: where the SPA's EventSource goes (the events function URL, directly: infra/live.ts).
        sources: [
          s3deploy.Source.asset(cfg.webDist),
          s3deploy.Source.jsonData('runtime-config.json', { eventsUrl: props.streamUrl.url }),
        ],
        destinationBucket: props.webBucket,
        distribution: this.distribution,
        distributionPaths: ['/index.html', '/runtime-config.json'],
        // Hashed assets of the previous release stay for pages that are still open.
        prune: false,
        memoryLimit: 512,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'rental:no-web-dist',
        `${cfg.webDist} has no index.html: the SPA is not deployed. Run \`npm run build:web\` first (npm run deploy does).`,
      );
    }
  }

  /** CloudFront only takes certificates from us-east-1; this stack must be there to make one itself. */
  private certificateHere(domainName: string, hostedZoneId: string, zoneName: string): acm.ICertificate {
    const region = Stack.of(this).region;
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(
        `With a domain, deploy the stack to us-east-1 (CloudFront certificates live there); this stack is in ${region}`,
      );
    }
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'CertZone', { hostedZoneId, zoneName });
    return new acm.Certificate(this, 'Certificate', {
      domainName,
      subjectAlternativeNames: [`*.${domainName}`],
      validation: acm.CertificateValidation.fromDns(zone),
    });
  }

  private aliasRecords(domainName: string, hostedZoneId: string, zoneName: string): void {
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId, zoneName });
    const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.distribution));
    for (const [suffix, recordName] of [
      ['Apex', domainName],
      ['Wildcard', `*.${domainName}`],
    ] as const) {
      new route53.ARecord(this, `${suffix}A`, { zone, recordName, target });
      new route53.AaaaRecord(this, `${suffix}Aaaa`, { zone, recordName, target });
    }
  }
}
