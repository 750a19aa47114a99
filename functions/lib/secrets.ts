import { config } from './config.js';

/**
 * One Secrets Manager secret's string, read the way a Lambda should: through the AWS Parameters and
 * Secrets Lambda Extension when the function has it (infra/lambda.ts `readsSecrets`: the extension is
 * a layer that answers on localhost with the function's own credentials and keeps a cache), else with
 * the SDK client, loaded on first use. Why the extension: the Secrets Manager client is ~14 KB of
 * every API bundle's cold start for one call per container (issue 9 item 6, docs/decisions.md
 * "Lean bundles, third pass"); the fallback keeps any other host working (a function deployed
 * without the layer, a script with credentials).
 *
 * Callers cache the value for the container's life (tokens.ts, origin-secret.ts, users/crypto.ts).
 */
export async function readSecret(secretId: string): Promise<string | undefined> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT;
  const token = process.env.AWS_SESSION_TOKEN;
  if (port && token) return fromExtension(port, token, secretId);
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  return (await new SecretsManagerClient({ region: config().region }).send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
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
async function fromExtension(port: string, token: string, secretId: string): Promise<string | undefined> {
  const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': token },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`The secrets extension answered ${res.status} for a secret (${(await res.text()).slice(0, 200)})`);
  const body = (await res.json()) as { SecretString?: unknown };
  return typeof body.SecretString === 'string' ? body.SecretString : undefined;
}
