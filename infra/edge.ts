import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * AWS WAF for the CloudFront distribution (docs/decisions/hardening-waf-at-the-edge.md). A CloudFront web ACL must live in
 * us-east-1: the main stack makes it itself when it is deployed there, otherwise app.ts makes an
 * EdgeStack in us-east-1 and hands its ARN over (cross-region reference).
 *
 * Layers (docs/decisions/hardening-limits-per-source-address.md): WAF rate rules per viewer IP at the edge (cheap, before
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
} as const;

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
const tooMany = { customResponse: { responseCode: 429, customResponseBodyKey: 'tooMany' } };

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDown: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: scopeDown },
    },
    action: { block: tooMany },
    visibilityConfig: visibility(name),
  };
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

  constructor(scope: Construct, id: string, props: { stage: string }) {
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
      },
      rules: [
        rateRule('SignInPerIp', 0, WAF_RATE_LIMITS.signIn, pathStartsWith('/api/auth/login')),
        rateRule('PublicBookingPerIp', 1, WAF_RATE_LIMITS.publicBooking, {
          andStatement: { statements: [pathStartsWith('/public/service/'), pathEndsWith('/book')] },
        }),
        rateRule('ApiPerIp', 2, WAF_RATE_LIMITS.api, {
          orStatement: { statements: [pathStartsWith('/api/'), pathStartsWith('/public/')] },
        }),
        // The common rule set blocks bodies over 8 KB; service saves and photo uploads are larger
        // (the API bounds them itself: 1 MB JSON, 4 MB multipart), so that one rule only counts.
        managed('AWSManagedRulesCommonRuleSet', 3, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
        managed('AWSManagedRulesAmazonIpReputationList', 5),
      ],
      visibilityConfig: visibility(`rental-back-office-${props.stage}`),
    });
  }
}

/** The web ACL alone, in us-east-1, for a main stack deployed in another region. */
export class EdgeStack extends Stack {
  readonly webAclArn: string;
  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, { ...props, crossRegionReferences: true });
    if (this.region !== 'us-east-1')
      throw new Error('EdgeStack must be deployed to us-east-1 (CloudFront web ACLs live there)');
    this.webAclArn = new EdgeFirewall(this, 'Firewall', { stage: props.stage }).webAcl.attrArn;
  }
}
