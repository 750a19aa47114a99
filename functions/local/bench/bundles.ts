import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AREAS } from '../../../shared/contract/index.js';
import { areaEntry } from '../../handlers.js';
import type { BenchMeasure } from './types.js';

/** The docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md budget for one API area's code (minified, no source map inside). */
export const AREA_BUNDLE_BUDGET_BYTES = 350 * 1024;
const RUNS = 5;

/**
 * Importing the bundle in a fresh Node process (module load and evaluation, not process start): the
 * median of RUNS of the wall time and of the CPU time. The CPU time is the steadier figure on a busy
 * machine. With the runtime's SDK the bundle sits under a directory whose node_modules holds
 * `@aws-sdk` (as /var/runtime/node_modules does on Lambda): the time includes loading it.
 */
function coldImport(file: string): { ms: number; cpuMs: number } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
  const env = { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', NODE_OPTIONS: '' };
  const runs = Array.from(
    { length: RUNS },
    () =>
      JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })) as [
        number,
        number,
      ],
  );
  const median = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]! * 10) / 10;
  return { ms: median(runs.map((r) => r[0])), cpuMs: median(runs.map((r) => r[1])) };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const measures: BenchMeasure[] = [
  {
    name: 'lambdaBundles',
    description:
      'each API area bundled as the stack deploys it (infra/bundle.mjs): cold-start code size (index.mjs and its static chunks), whole asset, cold import wall and CPU time in a fresh Node process; the same with the AWS SDK left to the runtime, for comparison',
    needsRuntime: false,
    measure: async () => {
      // infra/bundle.mjs is plain JavaScript shared with the CDK app.
      const { bundle, SDK_SOURCE } = await import('../../../infra/bundle.mjs');
      const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
      // The runtime-SDK builds import @aws-sdk from here, as a Lambda function imports the runtime's.
      mkdirSync(join(dir, 'runtime-sdk', 'node_modules'), { recursive: true });
      symlinkSync(
        resolve(import.meta.dirname, '../../../node_modules/@aws-sdk'),
        join(dir, 'runtime-sdk', 'node_modules', '@aws-sdk'),
      );
      try {
        const measureAll = async (sdk: 'bundled' | 'runtime') => {
          const areas: Record<
            string,
            { kb: number; assetKb: number; coldImportMs: number; coldImportCpuMs: number; withinBudget: boolean }
          > = {};
          // The events function URL (infra/live.ts) answers API requests too: the same budget.
          const entries: [string, string][] = [
            ...AREAS.map((a): [string, string] => [a, areaEntry(a)]),
            ['events-stream', 'functions/events/stream.ts'],
          ];
          for (const [area, entry] of entries) {
            const out = join(dir, sdk === 'runtime' ? 'runtime-sdk' : 'bundled-sdk', area);
            const { bytes, assetBytes } = await bundle(entry, out, { sdk });
            const t = coldImport(join(out, 'index.mjs'));
            areas[area] = {
              kb: kb(bytes),
              assetKb: kb(assetBytes),
              coldImportMs: t.ms,
              coldImportCpuMs: t.cpuMs,
              withinBudget: bytes <= AREA_BUNDLE_BUDGET_BYTES,
            };
          }
          const sizes = Object.values(areas).map((a) => a.kb);
          const cpu = Object.values(areas).map((a) => a.coldImportCpuMs);
          return {
            maxKb: Math.max(...sizes),
            overBudget: Object.keys(areas).filter((a) => !areas[a]!.withinBudget),
            medianColdImportCpuMs: cpu.sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!,
            areas,
          };
        };
        const deployed = await measureAll(SDK_SOURCE);
        const other = await measureAll(SDK_SOURCE === 'bundled' ? 'runtime' : 'bundled');
        return {
          budgetKb: AREA_BUNDLE_BUDGET_BYTES / 1024,
          sdk: SDK_SOURCE,
          ...deployed,
          [SDK_SOURCE === 'bundled' ? 'withRuntimeSdk' : 'withBundledSdk']: other,
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
