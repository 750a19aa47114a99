import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { config } from '../lib/config.js';
import { logger, withJobContext } from '../lib/logger.js';
import { rotateKeyring } from '../lib/keyring.js';
import { ORIGIN_SECRET_HEADER } from '../lib/origin-secret.js';
import { setOriginHeader } from './cloudfront.js';
import { newSecretValue, rotationStep, type RotationEvent, type SecretStore } from './rotate.js';

const client = new SecretsManagerClient({ region: config().region });

const store: SecretStore = {
  async describe(secretId) {
    const d = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
    return { rotationEnabled: d.RotationEnabled === true, versions: d.VersionIdsToStages ?? {} };
  },
  async value(secretId, { versionId, stage }) {
    try {
      return (
        await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionId: versionId, VersionStage: stage }))
      ).SecretString;
    } catch (e) {
      if (e instanceof ResourceNotFoundException) return undefined;
      throw e;
    }
  },
  async putPending(secretId, versionId, value) {
    await client.send(
      new PutSecretValueCommand({
        SecretId: secretId,
        ClientRequestToken: versionId,
        SecretString: value,
        VersionStages: ['AWSPENDING'],
      }),
    );
  },
  async makeCurrent(secretId, toVersion, fromVersion) {
    await client.send(
      new UpdateSecretVersionStageCommand({
        SecretId: secretId,
        VersionStage: 'AWSCURRENT',
        MoveToVersionId: toVersion,
        RemoveFromVersionId: fromVersion,
      }),
    );
  },
};

/**
 * The origin secret has a copy outside Secrets Manager: the header CloudFront sends (infra/web.ts).
 * It follows the secret right after each promotion, and is brought up to the current value before a
 * new one is made, so CloudFront is never more than one value behind (the API accepts the previous one).
 */
async function syncOriginHeader(secretId: string, value: string): Promise<void> {
  const distributionId = process.env.DISTRIBUTION_ID;
  if (secretId !== process.env.ORIGIN_SECRET_ARN || !distributionId) return;
  const outcome = await setOriginHeader(distributionId, ORIGIN_SECRET_HEADER, value);
  logger.info('CloudFront origin header', { distributionId, outcome });
}

/** The data key grows a keyring (every older key stays, functions/lib/keyring.ts); the others get a new random value. */
function nextValueOf(secretId: string, current: string): string {
  return secretId === process.env.DATA_ENCRYPTION_KEY_SECRET_ARN ? rotateKeyring(current) : newSecretValue();
}

export async function handler(
  event: RotationEvent,
  context?: { functionName?: string; awsRequestId?: string },
): Promise<void> {
  await withJobContext('rotation', context, async () => {
    logger.info('Rotation step', { secretId: event.SecretId, step: event.Step, version: event.ClientRequestToken });
    await rotationStep(event, store, {
      syncCurrent: syncOriginHeader,
      afterPromotion: syncOriginHeader,
      nextValue: nextValueOf,
    });
  });
}
