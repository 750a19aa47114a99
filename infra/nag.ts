import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag AwsSolutions finding on `scope` and everything below it (infra/nag.test.ts
 * runs the pack; an unacknowledged error fails it). `appliesTo` narrows it to one finding of a rule
 * that names what it found (IAM4/IAM5: `Action::s3:GetObject*`, `Resource::<Logical.Arn>/prefix/*`),
 * so another wildcard added later is reported, not silently covered. The reason says why the finding
 * is acceptable here, and is written next to what it excuses.
 */
export function acknowledgeNag(scope: IConstruct, rule: string, reason: string, appliesTo?: string): void {
  Validations.of(scope).acknowledge({
    id: `AwsSolutions::AwsSolutions-${rule}${appliesTo ? `[${appliesTo}]` : ''}`,
    reason,
  });
}

/** The `Resource::<Logical.Arn>/pattern` form cdk-nag gives an IAM5 wildcard below a resource's ARN. */
export function arnWildcard(resource: IConstruct, pattern: string): string {
  return `Resource::<${Stack.of(resource).getLogicalId(resource.node.defaultChild as CfnResource)}.Arn>/${pattern}`;
}
