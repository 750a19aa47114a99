import { config } from './config.js';

/**
 * One Secrets Manager secret's string, read the way a Lambda should: through the AWS Parameters and
 * Secrets Lambda Extension when the function has it (infra/lambda.ts `readsSecrets`: the extension is
 * a layer that answers on localhost with the function's own credentials and keeps a cache), else with
 * the SDK client, loaded on first use. Why the extension: the Secrets Manager client is ~14 KB of
 * every API bundle's cold start for one call per container (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md, docs/decisions/0131-house-lean-bundles-third-pass-rarely-used.md
 * "Lean bundles, third pass"); the fallback keeps any other host working (a function deployed
 * without the layer, a script with credentials).
 *
 * Callers cache the value: users/crypto.ts for the container's life (the data key is not rotated),
 * tokens.ts and origin-secret.ts through rotatingSecret below (those two are rotated).
 */
export async function readSecret(secretId: string, versionStage?: SecretStage): Promise<string | undefined> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT;
  const token = process.env.AWS_SESSION_TOKEN;
  if (port && token) return fromExtension(port, token, secretId, versionStage);
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  return (
    await new SecretsManagerClient({ region: config().region }).send(
      new GetSecretValueCommand({ SecretId: secretId, VersionStage: versionStage }),
    )
  ).SecretString;
}

/** The staging labels Secrets Manager rotation moves between a secret's versions. */
type SecretStage = 'AWSCURRENT' | 'AWSPENDING' | 'AWSPREVIOUS';

/**
 * How long a function keeps a rotated secret's values before reading them again, and the extension's
 * own cache (infra/lambda.ts sets it). Together they bound how late a function learns of a new
 * value; the rotation function waits longer than that before it makes a new value current
 * (functions/rotation/rotate.ts, docs/decisions/0010-stack-checks.md).
 */
export const SECRET_REFRESH_MS = 4 * 60_000;
export const EXTENSION_CACHE_TTL_SECONDS = 60;
export const NEW_VALUE_PROPAGATION_MS = SECRET_REFRESH_MS + EXTENSION_CACHE_TTL_SECONDS * 1000 + 60_000;

/** A rotated secret as its readers see it: sign or send with `current`, accept any of `accepted`. */
interface SecretVersions {
  current: string;
  /** current first, then the value being rotated in (AWSPENDING) and the one rotated out (AWSPREVIOUS). */
  accepted: string[];
}

/**
 * A secret that infra/rotation.ts rotates (the token signing key, the origin secret): its current
 * value and the values still accepted. On AWS the pending value is accepted before it becomes
 * current, so a value one function starts using is already known to every other one, and the
 * previous value stays accepted until the next rotation (30 days: longer than any token lives).
 * Locally `{valueVar}` is the current value and `{valueVar}_PREVIOUS` an accepted previous one.
 * Values are read again after SECRET_REFRESH_MS; a failed re-read keeps the last good values.
 */
export function rotatingSecret(valueVar: string, arnVar: string, now: () => number = Date.now) {
  let cached: { at: number; value: Promise<SecretVersions | undefined> } | undefined;
  let lastGood: SecretVersions | undefined;
  const read = async (): Promise<SecretVersions | undefined> => {
    const value = process.env[valueVar];
    if (value) return versions(value, [process.env[`${valueVar}_PREVIOUS`]]);
    const arn = process.env[arnVar];
    if (!arn) return undefined;
    // No pending value outside a rotation and no previous one before the first: absent, not an error.
    const other = (stage: SecretStage) => readSecret(arn, stage).catch(() => undefined);
    const [current, pending, previous] = await Promise.all([
      readSecret(arn, 'AWSCURRENT'),
      other('AWSPENDING'),
      other('AWSPREVIOUS'),
    ]);
    if (!current) throw new Error(`The secret in ${arnVar} has no current value`);
    return versions(current, [pending, previous]);
  };
  return {
    get(): Promise<SecretVersions | undefined> {
      if (!cached || now() - cached.at >= SECRET_REFRESH_MS) {
        const at = now();
        const value = read().then(
          (v) => (lastGood = v),
          (e: unknown) => {
            // Serve the last good values until the next refresh; with none, the next call tries again.
            if (lastGood) return lastGood;
            if (cached?.value === value) cached = undefined;
            throw e;
          },
        );
        cached = { at, value };
      }
      return cached.value;
    },
    reset(): void {
      cached = undefined;
      lastGood = undefined;
    },
  };
}

function versions(current: string, others: (string | undefined)[]): SecretVersions {
  return { current, accepted: [...new Set([current, ...others.filter((v): v is string => !!v)])] };
}

/**
 * A secret given either as its value (`valueVar`: the local runtime and tests) or by the ARN of a
 * Secrets Manager secret (`arnVar`: AWS); undefined when neither is set.
 */
export async function secretFromEnv(valueVar: string, arnVar: string): Promise<string | undefined> {
  const value = process.env[valueVar];
  if (value) return value;
  const arn = process.env[arnVar];
  return arn ? readSecret(arn) : undefined;
}

/** GET /secretsmanager/get on the extension; it authenticates the caller by the session token. */
async function fromExtension(
  port: string,
  token: string,
  secretId: string,
  versionStage?: SecretStage,
): Promise<string | undefined> {
  const stage = versionStage ? `&versionStage=${versionStage}` : '';
  const res = await fetch(
    `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}${stage}`,
    {
      headers: { 'X-Aws-Parameters-Secrets-Token': token },
      signal: AbortSignal.timeout(5000),
    },
  );
  if (!res.ok)
    throw new Error(`The secrets extension answered ${res.status} for a secret (${(await res.text()).slice(0, 200)})`);
  const body = (await res.json()) as { SecretString?: unknown };
  return typeof body.SecretString === 'string' ? body.SecretString : undefined;
}
