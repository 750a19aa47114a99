import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_5XX_FILTER } from './alarms.js';
import { ROUTE_THROTTLE, STAGE_THROTTLE } from './api.js';
import { readConfig } from './config.js';
import { EdgeStack, WAF_RATE_LIMITS, WAF_RETRY_AFTER_SECONDS } from './edge.js';
import { BackOfficeStack } from './stack.js';
import { synthStack } from './synth.js';

// docs/decisions/0152-hardening-waf-at-the-edge.md: the production edge. Stub code: these are about the edge, not the bundles.
// Without a domain: a stage other than prod, which refuses to synthesise without one
// (docs/decisions/0010-stack-checks.md).
const { template } = synthStack({ stage: 'staging', codeStubs: true, webDist: '/nonexistent' });
const withDomain = synthStack({
  stage: 'prod',
  domainName: 'rentals.example.com',
  hostedZoneId: 'Z0123456789ABC',
  codeStubs: true,
  webDist: '/nonexistent',
}).template;
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const ofType = (t: Template, type: string) =>
  Object.values(t.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>).filter(
    (r) => r.Type === type,
  );

describe('AWS WAF on CloudFront', () => {
  const [acl] = ofType(template, 'AWS::WAFv2::WebACL');
  const rules = (acl?.Properties.Rules ?? []) as { Name: string; Statement: any; Action?: any }[];
  const rule = (name: string) => rules.find((r) => r.Name === name)!;

  it('is a CLOUDFRONT web ACL attached to the distribution', () => {
    expect(acl?.Properties.Scope).toBe('CLOUDFRONT');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('Firewall'), 'Arn'] } }),
    });
  });

  it('rate-limits sign-in and public booking per IP, answering 429', () => {
    const signIn = rule('SignInPerIp').Statement.RateBasedStatement;
    expect(signIn).toMatchObject({ Limit: WAF_RATE_LIMITS.signIn, AggregateKeyType: 'IP' });
    expect(JSON.stringify(signIn.ScopeDownStatement)).toContain('/api/auth/login');
    const booking = rule('PublicBookingPerIp').Statement.RateBasedStatement;
    expect(booking.Limit).toBe(WAF_RATE_LIMITS.publicBooking);
    expect(JSON.stringify(booking.ScopeDownStatement)).toMatch(/\/public\/service\/.*\/book/);
    expect(rule('SignInPerIp').Action.Block.CustomResponse.ResponseCode).toBe(429);
  });

  // docs/decisions/0254-edge-limits-per-tenant.md: one tenant or one share link degrades only itself.
  const retryAfter = (r: { Action?: any }) =>
    (r.Action.Block.CustomResponse.ResponseHeaders as { Name: string; Value: string }[]).find(
      (h) => h.Name === 'Retry-After',
    )?.Value;
  const bodyOf = (r: { Action?: any }) =>
    JSON.parse(acl?.Properties.CustomResponseBodies[r.Action.Block.CustomResponse.CustomResponseBodyKey].Content);

  it('limits each share link (host + path) on the share paths, answering 429 with Retry-After and a JSON error', () => {
    const link = rule('PerShareLink');
    expect(link.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.perLink,
      AggregateKeyType: 'CUSTOM_KEYS',
      EvaluationWindowSec: 300,
      CustomKeys: [
        { Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
        { UriPath: { TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
      ],
      ScopeDownStatement: {
        ByteMatchStatement: expect.anything(),
      },
    });
    expect(link.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: '/public/service/',
      PositionalConstraint: 'STARTS_WITH',
      FieldToMatch: { UriPath: {} },
    });
    expect(link.Action.Block.CustomResponse.ResponseCode).toBe(429);
    expect(retryAfter(link)).toBe(String(WAF_RETRY_AFTER_SECONDS));
    expect(bodyOf(link)).toEqual({ error: 'TooManyRequests', message: expect.stringMatching(/booking link/) });
  });

  it('limits each tenant by its Host on /api/ and /public/ when tenants live on subdomains', () => {
    const [prodAcl] = ofType(withDomain, 'AWS::WAFv2::WebACL');
    const tenant = (prodAcl?.Properties.Rules as { Name: string; Statement: any; Action: any }[]).find(
      (r) => r.Name === 'PerTenantHost',
    )!;
    expect(tenant.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.perTenant,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } }],
    });
    const scope = JSON.stringify(tenant.Statement.RateBasedStatement.ScopeDownStatement);
    expect(scope).toContain('"SearchString":"/api/"');
    expect(scope).toContain('"SearchString":"/public/"');
    expect(tenant.Action.Block.CustomResponse.ResponseCode).toBe(429);
    expect(retryAfter(tenant)).toBe(String(WAF_RETRY_AFTER_SECONDS));
    expect(JSON.parse(prodAcl?.Properties.CustomResponseBodies.tenantBusy.Content).error).toBe('TooManyRequests');
  });

  it('in path mode (no domain) limits each tenant by host + its x-tenant-path on /api/', () => {
    expect(rules.find((r) => r.Name === 'PerTenantHost')).toBeUndefined();
    const tenant = rule('PerTenantPathPrefix');
    expect(tenant.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.perTenant,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [
        { Header: { Name: 'host', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
        { Header: { Name: 'x-tenant-path', TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }] } },
      ],
      ScopeDownStatement: { ByteMatchStatement: expect.objectContaining({ SearchString: '/api/' }) },
    });
    expect(retryAfter(tenant)).toBe(String(WAF_RETRY_AFTER_SECONDS));
  });

  it('every rate rule answers 429 with Retry-After; the link rule runs before the tenant rule', () => {
    for (const r of rules.filter((x) => x.Statement.RateBasedStatement)) {
      expect(r.Action.Block.CustomResponse.ResponseCode).toBe(429);
      expect(retryAfter(r)).toBe(String(WAF_RETRY_AFTER_SECONDS));
    }
    const priority = (name: string) => (rules.find((r) => r.Name === name) as any).Priority as number;
    expect(priority('PerShareLink')).toBeLessThan(priority('PerTenantPathPrefix'));
    expect(priority('AWSManagedRulesAmazonIpReputationList')).toBeLessThan(priority('PerShareLink'));
  });

  it('sizes the limits so one tenant or one link cannot take the platform throttles', () => {
    const window = 300;
    // Average rates over WAF's window against the stage's and the booking route's rates.
    expect(WAF_RATE_LIMITS.perTenant / window).toBeLessThanOrEqual(STAGE_THROTTLE.rate / 10);
    expect(WAF_RATE_LIMITS.perLink / window).toBeLessThanOrEqual(
      ROUTE_THROTTLE['POST /public/service/{token}/book']!.rate / 10,
    );
    expect(WAF_RATE_LIMITS.perLink).toBeLessThan(WAF_RATE_LIMITS.perTenant);
  });

  it('runs the AWS managed common rules', () => {
    expect(rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
    });
  });

  it('must live in us-east-1: a stack elsewhere refuses to make one, and EdgeStack only deploys there', () => {
    const app = new App({
      outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')),
      context: { codeStubs: true, webDist: '/nonexistent' },
    });
    expect(
      () =>
        new BackOfficeStack(app, 'Elsewhere', {
          config: readConfig(app.node),
          env: { account: '123456789012', region: 'eu-west-1' },
        }),
    ).toThrow(/us-east-1/);
    expect(
      () =>
        new EdgeStack(app, 'EdgeElsewhere', {
          stage: 'x',
          tenantHosts: true,
          env: { account: '123456789012', region: 'eu-west-1' },
        }),
    ).toThrow(/us-east-1/);
    const edge = new EdgeStack(app, 'Edge', {
      stage: 'x',
      tenantHosts: true,
      env: { account: '123456789012', region: 'us-east-1' },
    });
    Template.fromStack(edge).resourceCountIs('AWS::WAFv2::WebACL', 1);
  });
});

describe('origin secret', () => {
  it('CloudFront sends x-origin-secret to the API origin, from a generated secret', () => {
    const dist = ofType(template, 'AWS::CloudFront::Distribution')[0]!;
    const apiOrigin = (dist.Properties.DistributionConfig.Origins as any[]).find(
      (o) => o.CustomOriginConfig && JSON.stringify(o.DomainName).includes('HttpApi'),
    );
    const header = (apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]).find(
      (h) => h.HeaderName === 'x-origin-secret',
    );
    expect(JSON.stringify(header?.HeaderValue)).toContain('OriginSecret');
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it('every API function knows where the secret is and may read it', () => {
    const fns = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Function' &&
        r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME &&
        r.Properties.Description?.startsWith('API routes'),
    );
    expect(fns.length).toBeGreaterThan(10);
    for (const f of fns) expect(f.Properties.Environment.Variables.ORIGIN_SECRET_ARN).toBeDefined();
  });

  it('the API behaviours name the viewer to the API (x-viewer-ip from a viewer-request function)', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp('x-viewer-ip'),
    });
  });
});

describe('stage throttling', () => {
  it('limits the whole stage and sign-in and booking alone', () => {
    const stage = ofType(template, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGE_THROTTLE.rate,
      ThrottlingBurstLimit: STAGE_THROTTLE.burst,
    });
    for (const [key, t] of Object.entries(ROUTE_THROTTLE))
      expect(stage.Properties.RouteSettings[key]).toMatchObject({
        ThrottlingRateLimit: t.rate,
        ThrottlingBurstLimit: t.burst,
      });
  });
});

describe('SES identity', () => {
  it('is made with DKIM records in the zone when a domain and hosted zone are given', () => {
    withDomain.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'rentals.example.com' });
    expect(
      ofType(withDomain, 'AWS::Route53::RecordSet').filter(
        (r) => r.Type === 'AWS::Route53::RecordSet' && JSON.stringify(r.Properties).includes('DkimDNSTokenName'),
      ).length,
    ).toBe(3);
  });
  it('is not made without a domain', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });
});

describe('the 5xx alarm', () => {
  it('counts 5xx answers except 501 from the access log, and nothing alarms on 4xx', () => {
    expect(API_5XX_FILTER.logPatternString).toContain('"5*"');
    expect(API_5XX_FILTER.logPatternString).toContain('!= "501"');
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: API_5XX_FILTER.logPatternString,
      MetricTransformations: [Match.objectLike({ MetricName: 'Api5xxExcept501' })],
    });
    const alarms = ofType(template, 'AWS::CloudWatch::Alarm');
    const metricNames = alarms.map((a) => a.Properties.MetricName);
    expect(metricNames).toContain('Api5xxExcept501');
    expect(metricNames).not.toContain('5xx');
    expect(metricNames).not.toContain('4xx');
  });
});
