import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer } from './net.js';

/**
 * AWS's own DynamoDB Local. Its jar ships inside the npm package amplify-dynamodb-simulator; we fetch
 * only that package's tarball (npm pack checks the registry's integrity hash) and keep its
 * `emulator/` folder under node_modules/.cache.
 */
const PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
// Beside the repository's node_modules, wherever the process was started from.
const CACHE_DIR = resolve(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/.cache/dynamodb-local');

export function javaAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

export const JAVA_MISSING =
  'Java is not installed: DynamoDB Local needs it. Install a JRE (Debian/Ubuntu: apt-get install -y default-jre-headless; macOS: brew install openjdk) and run again.';

export function ensureDynamoDbLocal(): string {
  const jar = join(CACHE_DIR, 'DynamoDBLocal.jar');
  if (existsSync(jar)) return CACHE_DIR;
  const work = join(tmpdir(), `ddb-local-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  const pack = spawnSync('npm', ['pack', PACKAGE, '--silent'], { cwd: work, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`Could not fetch ${PACKAGE} from the npm registry: ${pack.stderr}`);
  const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
  const untar = spawnSync('tar', ['-xzf', tgz, 'package/emulator'], { cwd: work });
  if (untar.status !== 0) throw new Error('Could not unpack the DynamoDB Local emulator');
  const emulator = join(work, 'package/emulator');
  mkdirSync(resolve(CACHE_DIR, '..'), { recursive: true });
  try {
    if (!existsSync(jar)) {
      rmSync(CACHE_DIR, { recursive: true, force: true });
      renameSync(emulator, CACHE_DIR);
    }
  } catch (e) {
    // Two test projects fetching at once: whichever rename lost finds the other's copy in place.
    if (!existsSync(jar)) throw e;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return CACHE_DIR;
}

export interface RunningDynamo {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * How long DynamoDB Local may take to answer. It answers in about 2.5 s on an idle machine, but a
 * JVM starting beside a build or a test run on two cores has taken over 30 s (docs/decisions/0010-stack-checks.md).
 * `DYNAMODB_START_TIMEOUT_SECONDS` overrides it.
 */
export function dynamoStartTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.DYNAMODB_START_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 180_000;
}

/**
 * The emulator's JVM compiles with its quick compiler only (docs/decisions/0242-dynamodb-local-jvm.md): on
 * two cores the optimising compiler's threads took as much CPU as the requests they were speeding up,
 * and the emulator shares those cores with the handlers.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];

/** Starts DynamoDB Local: in memory (tests) or keeping data under dataDir (npm start). */
export async function startDynamoDbLocal(
  opts: { dataDir?: string; port?: number; progress?: (line: string) => void } = {},
): Promise<RunningDynamo> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING);
  const dir = ensureDynamoDbLocal();
  const port = opts.port ?? (await freePort());
  const storage = opts.dataDir ? ['-dbPath', opts.dataDir] : ['-inMemory'];
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const { child, stop } = await spawnServer(
    'DynamoDB Local',
    'java',
    [
      ...JVM_OPTIONS,
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-disableTelemetry',
      ...storage,
    ],
    async () => (await fetch(endpoint, { method: 'POST' }).catch(() => undefined)) !== undefined,
    dynamoStartTimeoutMs(),
    opts.progress,
  );
  return { endpoint, port, process: child, stop };
}
