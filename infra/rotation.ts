import { Duration, Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { NEW_VALUE_PROPAGATION_MS } from '../functions/lib/secrets.js';
import type { InfraConfig } from './config.js';
import { appFunction } from './lambda.js';
import { acknowledgeNag } from './nag.js';

/** How often the token signing key, the origin secret and the data key get a new value (docs/deploy.md, "What rotates and when"). */
export const ROTATION_PERIOD = Duration.days(30);

export interface SecretRotationProps {
  config: InfraConfig;
  environment: Record<string, string>;
  signingKey: secretsmanager.Secret;
  originSecret: secretsmanager.Secret;
  /** Rotated by growing its keyring: every older key stays to decrypt what it sealed (functions/lib/keyring.ts). */
  dataKey: secretsmanager.Secret;
  /** Holds the origin secret's copy (the x-origin-secret header); the rotation updates it. */
  distribution: cloudfront.IDistribution;
  webAclArn?: string;
}

/**
 * Secrets Manager rotates the token signing key, the origin secret and the data key every ROTATION_PERIOD with
 * functions/rotation/handler.ts: the new value is accepted everywhere before anything uses it, the
 * old one stays accepted until the next rotation, and CloudFront's copy of the origin secret follows
 * right after the switch; the data key gains a new current key and keeps the older ones (docs/decisions/0010-stack-checks.md).
 */
export class SecretRotation extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: SecretRotationProps) {
    super(scope, id);
    this.fn = appFunction(
      this,
      'RotationFunction',
      {
        entry: 'functions/rotation/handler.ts',
        description:
          'Rotates the token signing key, the data keyring and the origin secret (and CloudFront’s copy of it)',
        environment: {
          ...props.environment,
          POWERTOOLS_SERVICE_NAME: 'rotation',
          ORIGIN_SECRET_ARN: props.originSecret.secretArn,
          DATA_ENCRYPTION_KEY_SECRET_ARN: props.dataKey.secretArn,
          DISTRIBUTION_ID: props.distribution.distributionId,
        },
        memorySize: 256,
        // finishSecret waits for every reader to learn the new value before switching to it.
        timeout: Duration.millis(NEW_VALUE_PROPAGATION_MS).plus(Duration.minutes(3)),
      },
      props.config,
    );

    for (const secret of [props.signingKey, props.originSecret, props.dataKey]) {
      // Not at deploy time: the first rotation would race the deployment's own CloudFront update.
      secret.addRotationSchedule('Rotation', {
        rotationLambda: this.fn,
        automaticallyAfter: ROTATION_PERIOD,
        rotateImmediatelyOnUpdate: false,
      });
    }

    const distributionArn = Stack.of(this).formatArn({
      service: 'cloudfront',
      region: '',
      resource: 'distribution',
      resourceName: props.distribution.distributionId,
    });
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [distributionArn],
      }),
    );
    // UpdateDistribution sends the distribution's web ACL back, which CloudFront checks the caller may read.
    if (props.webAclArn)
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['wafv2:GetWebACL'], resources: [props.webAclArn] }));
    acknowledgeNag(
      this.fn,
      'IAM5',
      'CDK’s rotation schedule grants secretsmanager:GetRandomPassword, which has no resource to name; the function makes its values with node:crypto and never calls it',
      'Resource::*',
    );
  }
}
