import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXTENSION_CACHE_TTL_SECONDS } from '../functions/lib/secrets.js';
import { SDK_SOURCE } from './bundle.mjs';
import { REPO_ROOT, type InfraConfig } from './config.js';
import { acknowledgeNag } from './nag.js';

export const RUNTIME = lambda.Runtime.NODEJS_22_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;

export interface AppFunctionOptions {
  /** Module exporting `handler`, relative to the repository root. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  /** Packages installed into the bundle instead of inlined (native code such as sharp). */
  nodeModules?: string[];
  /** Packages left out of the bundle entirely (provided some other way at run time). */
  externalModules?: string[];
  /** Asynchronous invocations (EventBridge, S3): failed events end up here after the retries. */
  deadLetterQueue?: sqs.IQueue;
  retryAttempts?: number;
  /**
   * Reads Secrets Manager secrets (the signing key, the origin secret, the data key): the function
   * gets the AWS Parameters and Secrets Lambda Extension, which functions/lib/secrets.ts asks on
   * localhost instead of bundling the Secrets Manager client (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md, "Lean bundles,
   * third pass"). The grants stay on the function's role (infra/permissions.ts).
   */
  readsSecrets?: boolean;
}

/** The secrets extension layer (CDK resolves its ARN for the region and architecture). */
const SECRETS_EXTENSION = lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
  cacheEnabled: true,
  // Bounds how late a function learns a rotated value (functions/lib/secrets.ts rotatingSecret).
  secretsManagerTtl: Duration.seconds(EXTENSION_CACHE_TTL_SECONDS),
  logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
});

// The handlers are ESM (they use import.meta), so the bundle is ESM too. Some bundled CommonJS
// dependencies call require() for Node built-ins, which an ESM bundle lacks without this shim.
// (infra/bundle.mjs, which bundles every function without native modules, carries the same.)
const ESM_REQUIRE_SHIM =
  "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/**
 * Bundles one entry with infra/bundle.mjs (the lean options `npm run bench` measures too) into a
 * directory under the synth's outdir: the code asset holds only `index.mjs`; the source map goes to
 * `{outdir}/sourcemaps/{id}/index.mjs.map`, kept with the build that deployed it (docs/decisions/README.md).
 */
function leanCode(scope: Construct, id: string, entry: string, externalModules: string[]): lambda.Code {
  const outdir = Stage.of(scope)?.outdir ?? join(REPO_ROOT, 'cdk.out');
  const code = join(outdir, 'bundles', id);
  const run = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'infra', 'bundle.mjs'), entry, code, externalModules.join(',')],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(`Bundling ${entry} failed: ${run.stderr || run.stdout || `exit ${run.status}`}`);
  const maps = join(outdir, 'sourcemaps', id);
  mkdirSync(maps, { recursive: true });
  for (const f of readdirSync(code)) if (f.endsWith('.map')) renameSync(join(code, f), join(maps, f));
  if (!existsSync(join(code, 'index.mjs'))) throw new Error(`Bundling ${entry} produced no index.mjs`);
  return lambda.Code.fromAsset(code);
}

export function retention(days: number): logs.RetentionDays {
  const valid = Object.values(logs.RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!valid.includes(days))
    throw new Error(`logRetentionDays ${days} is not a CloudWatch retention; use one of ${valid.join(', ')}`);
  return days as logs.RetentionDays;
}

/**
 * Every function of the product: nodejs22.x on arm64, an esbuild bundle (minified, lean, split at
 * import(), source map kept outside the code asset),
 * its own log group with a retention (no LogRetention custom resource). With context
 * `codeStubs=true` the code is an inline stub: only tests of unrelated aspects use that, to keep a
 * synth from bundling twenty functions.
 */
export function appFunction(scope: Construct, id: string, opts: AppFunctionOptions, cfg: InfraConfig): lambda.Function {
  const fn = buildFunction(scope, id, opts, cfg);
  acknowledgeNag(
    fn,
    'IAM4',
    'AWSLambdaBasicExecutionRole allows only logs:CreateLogGroup, CreateLogStream and PutLogEvents, what every function needs to write its log',
    'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
  );
  acknowledgeNag(
    fn,
    'L1',
    `${RUNTIME.name} is the runtime the bundles target (infra/bundle.mjs, node22) and the tests run on; it is supported by Lambda, and moving to a newer one is a change of its own`,
  );
  return fn;
}

function buildFunction(scope: Construct, id: string, opts: AppFunctionOptions, cfg: InfraConfig): lambda.Function {
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: retention(cfg.logRetentionDays),
    removalPolicy: cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const common = {
    description: opts.description,
    runtime: RUNTIME,
    architecture: ARCHITECTURE,
    memorySize: opts.memorySize ?? 512,
    timeout: opts.timeout ?? Duration.seconds(29),
    // Should the bundles use the runtime's AWS SDK (infra/bundle.mjs SDK_SOURCE), the runtime version,
    // and with it the SDK, changes only when the function is deployed (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md).
    ...(SDK_SOURCE === 'runtime' ? { runtimeManagementMode: lambda.RuntimeManagementMode.FUNCTION_UPDATE } : {}),
    // No --enable-source-maps: it slows every cold start and every stack trace; the maps are kept
    // beside the build (see leanCode) and applied when someone reads a trace (docs/decisions/0128-house-readable-stack-traces.md).
    environment: opts.environment,
    logGroup,
    loggingFormat: lambda.LoggingFormat.JSON,
    deadLetterQueue: opts.deadLetterQueue,
    retryAttempts: opts.retryAttempts,
    ...(opts.readsSecrets ? { paramsAndSecrets: SECRETS_EXTENSION } : {}),
  } satisfies Partial<lambda.FunctionProps>;

  if (cfg.codeStubs) {
    return new lambda.Function(scope, id, {
      ...common,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
    });
  }
  if (!opts.nodeModules?.length) {
    return new lambda.Function(scope, id, {
      ...common,
      handler: 'index.handler',
      code: leanCode(scope, id, opts.entry, opts.externalModules ?? []),
    });
  }
  // Functions with native modules (sharp): NodejsFunction installs them for linux-arm64.
  return new nodejs.NodejsFunction(scope, id, {
    ...common,
    entry: join(REPO_ROOT, opts.entry),
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
    bundling: {
      format: nodejs.OutputFormat.ESM,
      target: 'node22',
      mainFields: ['module', 'main'],
      banner: ESM_REQUIRE_SHIM,
      minify: true,
      sourceMap: true,
      // Stack traces map back to our files; leaving the sources out keeps the bundle small.
      sourcesContent: false,
      // The pinned SDK versions the tests ran against, not whatever the runtime ships this month.
      bundleAwsSDK: true,
      externalModules: opts.externalModules ?? [],
      nodeModules: opts.nodeModules,
      // Native modules (sharp): npm installs the linux-arm64 build whatever machine synthesises, and
      // prefers the npm cache so synth needs no network when the package is cached.
      environment: opts.nodeModules
        ? {
            npm_config_os: 'linux',
            npm_config_cpu: 'arm64',
            npm_config_libc: 'glibc',
            npm_config_prefer_offline: 'true',
          }
        : undefined,
      // No Docker here or in CI: esbuild from node_modules does the bundling.
      forceDockerBundling: false,
      logLevel: nodejs.LogLevel.ERROR,
    },
  });
}

/**
 * Where failed asynchronous invocations (EventBridge, S3) end up after their retries, kept two
 * weeks for inspection and redrive. alarms.ts alarms on any message in any of them.
 */
export function deadLetterQueue(scope: Construct, id: string, cfg: InfraConfig): sqs.Queue {
  return new sqs.Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy: cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}
