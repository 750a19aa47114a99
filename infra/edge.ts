import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { TENANT_PATH_HEADER } from '../shared/domain/tenant-host.js';

/**
 * AWS WAF for the CloudFront distribution (docs/decisions/0152-hardening-waf-at-the-edge.md). A CloudFront web ACL must live in
 * us-east-1: the main stack makes it itself when it is deployed there, otherwise app.ts makes an
 * EdgeStack in us-east-1 and hands its ARN over (cross-region reference).
 *
 * Layers (docs/decisions/0151-hardening-limits-per-source-address.md): WAF rate rules per viewer IP at the edge (cheap, before
 * anything runs), then the API's own limits per source address and per username (functions/lib/
 * rate-limit.ts), which hold exactly where WAF's are approximate (WAF counts over a sliding window,
 * with a lag of up to a minute).
 */
export const WAF_RATE_LIMITS = {
  /** POST /api/auth/login per viewer IP per 5 minutes. */
  signIn: 100,
  /** /public/service/{token}/book per viewer IP per 5 minutes. */
  publicBooking: 100,
  /** Everything under /api/ and /public/ per viewer IP per 5 minutes. */
  api: 3000,
  /**
   * One share link's path (/public/service/{token}, …/book, …/waitlist: each its own count) on one
   * host per 5 minutes, from every viewer together: 20 rps on average, a tenth of the booking
   * route's platform throttle (docs/decisions/0254-edge-limits-per-tenant.md).
   */
  perLink: 6000,
  /**
   * Everything one tenant's host (subdomain mode) or path prefix (path mode) sends under /api/ and
   * /public/ per 5 minutes, from every viewer together: 100 rps on average, a tenth of the stage's
   * platform throttle, so one tenant alone cannot take the platform's (0254-edge-limits-per-tenant.md).
   */
  perTenant: 30000,
} as const;

/** Retry-After (seconds) on WAF's 429s: WAF re-evaluates its counts about every minute at most. */
export const WAF_RETRY_AFTER_SECONDS = 60;

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});
const pathStartsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});
const pathEndsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'ENDS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});
type ResponseBody = 'tooMany' | 'linkBusy' | 'tenantBusy';
/** 429 with Retry-After and a JSON body shaped like the API's own errors ({error, message}). */
const tooMany = (body: ResponseBody): wafv2.CfnWebACL.RuleActionProperty => ({
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: body,
      responseHeaders: [{ name: 'Retry-After', value: String(WAF_RETRY_AFTER_SECONDS) }],
    },
  },
});
const lowercase = [{ priority: 0, type: 'LOWERCASE' }];

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDown: wafv2.CfnWebACL.StatementProperty,
  keys:
    | { customKeys: wafv2.CfnWebACL.RateBasedStatementCustomKeyProperty[]; body: ResponseBody }
    | undefined = undefined,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: 300,
        scopeDownStatement: scopeDown,
        ...(keys ? { aggregateKeyType: 'CUSTOM_KEYS', customKeys: keys.customKeys } : { aggregateKeyType: 'IP' }),
      },
    },
    action: tooMany(keys?.body ?? 'tooMany'),
    visibilityConfig: visibility(name),
  };
}

/** The viewer's Host (CloudFront's view: the tenant's subdomain in subdomain mode). */
const hostKey: wafv2.CfnWebACL.RateBasedStatementCustomKeyProperty = {
  header: { name: 'host', textTransformations: lowercase },
};
const apiOrPublic: wafv2.CfnWebACL.StatementProperty = {
  orStatement: { statements: [pathStartsWith('/api/'), pathStartsWith('/public/')] },
};

/**
 * Per tenant (R-PLAT-16, docs/decisions/0254-edge-limits-per-tenant.md). Subdomain mode: the Host names
 * the tenant, for the back office and its share links alike. Path mode (a stage without a domain, never
 * production): every tenant shares the CloudFront host, so the tenant is the SPA's x-tenant-path
 * header on /api/; WAF leaves a request missing a key uncounted by the rule, so platform pages
 * and share links (no prefix) are held by the per-IP and per-link rules there instead.
 */
function perTenantRule(priority: number, tenantHosts: boolean): wafv2.CfnWebACL.RuleProperty {
  return tenantHosts
    ? rateRule('PerTenantHost', priority, WAF_RATE_LIMITS.perTenant, apiOrPublic, {
        customKeys: [hostKey],
        body: 'tenantBusy',
      })
    : rateRule('PerTenantPathPrefix', priority, WAF_RATE_LIMITS.perTenant, pathStartsWith('/api/'), {
        customKeys: [hostKey, { header: { name: TENANT_PATH_HEADER, textTransformations: lowercase } }],
        body: 'tenantBusy',
      });
}

function managed(
  name: string,
  priority: number,
  ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) },
    },
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  };
}

export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  /** tenantHosts: tenants live on subdomains (a domain is configured), so the Host names the tenant. */
  constructor(scope: Construct, id: string, props: { stage: string; tenantHosts: boolean }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `rental-back-office-${props.stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        tooMany: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: 'TooManyRequests',
            message: 'Too many requests. Please wait a few minutes and try again.',
          }),
        },
        linkBusy: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: 'TooManyRequests',
            message: 'This booking link is very busy right now. Please try again in a minute.',
          }),
        },
        tenantBusy: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: 'TooManyRequests',
            message: 'This organization is getting a lot of requests right now. Please try again in a minute.',
          }),
        },
      },
      rules: [
        rateRule('SignInPerIp', 0, WAF_RATE_LIMITS.signIn, pathStartsWith('/api/auth/login')),
        rateRule('PublicBookingPerIp', 1, WAF_RATE_LIMITS.publicBooking, {
          andStatement: { statements: [pathStartsWith('/public/service/'), pathEndsWith('/book')] },
        }),
        rateRule('ApiPerIp', 2, WAF_RATE_LIMITS.api, apiOrPublic),
        // The common rule set blocks bodies over 8 KB; service saves and photo uploads are larger
        // (the API bounds them itself: 1 MB JSON, 4 MB multipart), so that one rule only counts.
        managed('AWSManagedRulesCommonRuleSet', 3, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
        managed('AWSManagedRulesAmazonIpReputationList', 5),
        // After the per-IP and managed rules, so what they block does not use up a link's or a
        // tenant's allowance; the link before the tenant, so what a viral link has blocked does not
        // count against its tenant's back office (a blocked request goes no further).
        rateRule('PerShareLink', 6, WAF_RATE_LIMITS.perLink, pathStartsWith('/public/service/'), {
          customKeys: [hostKey, { uriPath: { textTransformations: lowercase } }],
          body: 'linkBusy',
        }),
        perTenantRule(7, props.tenantHosts),
      ],
      visibilityConfig: visibility(`rental-back-office-${props.stage}`),
    });
  }
}

/** The web ACL alone, in us-east-1, for a main stack deployed in another region. */
export class EdgeStack extends Stack {
  readonly webAclArn: string;
  constructor(scope: Construct, id: string, props: StackProps & { stage: string; tenantHosts: boolean }) {
    super(scope, id, { ...props, crossRegionReferences: true });
    if (this.region !== 'us-east-1')
      throw new Error('EdgeStack must be deployed to us-east-1 (CloudFront web ACLs live there)');
    this.webAclArn = new EdgeFirewall(this, 'Firewall', {
      stage: props.stage,
      tenantHosts: props.tenantHosts,
    }).webAcl.attrArn;
  }
}
