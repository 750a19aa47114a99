import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AREAS } from '../../../shared/contract/index.js';
import { areaEntry } from '../../handlers.js';
import type { BenchMeasure } from './types.js';

/** The issue 9 budget for one API area's code (minified, no source map inside). */
export const AREA_BUNDLE_BUDGET_BYTES = 350 * 1024;
const RUNS = 3;

/** Milliseconds to import the bundle in a fresh Node process (module load and evaluation, not process start); the median of RUNS. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const env = { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', NODE_OPTIONS: '' };
  const times = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })));
  return Math.round(times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]! * 10) / 10;
}

export const measures: BenchMeasure[] = [
  {
    name: 'lambdaBundles',
    description: 'each API area bundled as the stack deploys it (infra/bundle.mjs): code size and cold import time in a fresh Node process',
    needsRuntime: false,
    measure: async () => {
      // infra/bundle.mjs is plain JavaScript shared with the CDK app.
      const { bundle } = await import('../../../infra/bundle.mjs');
      const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
      try {
        const areas: Record<string, { kb: number; coldImportMs: number; withinBudget: boolean }> = {};
        for (const area of AREAS) {
          const out = join(dir, area);
          const { bytes } = await bundle(areaEntry(area), out);
          areas[area] = { kb: Math.round((bytes / 1024) * 10) / 10, coldImportMs: coldImportMs(join(out, 'index.mjs')), withinBudget: bytes <= AREA_BUNDLE_BUDGET_BYTES };
        }
        const sizes = Object.values(areas).map((a) => a.kb);
        return { budgetKb: AREA_BUNDLE_BUDGET_BYTES / 1024, maxKb: Math.max(...sizes), overBudget: Object.keys(areas).filter((a) => !areas[a]!.withinBudget), areas };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
