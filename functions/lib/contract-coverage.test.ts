import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, routes } from '../../shared/contract/index.js';
import type { RouteContract } from '../../shared/contract/types.js';
import type { AreaHandler } from './pipeline.js';

const ROOT = resolve(import.meta.dirname, '../..');

async function implementedRoutes(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const area of AREAS) {
    const mod = (await import(`../${area}/handler.ts`)) as { handler: AreaHandler };
    for (const id of mod.handler.implementedRoutes) ids.add(id);
  }
  return ids;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}
const importsOf = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => resolve(join(file, '..'), m[1] ?? m[2]!));

describe('every built route answers a declared shape', () => {
  it('has a response schema on every route (RouteContract requires it; this also catches a cast)', async () => {
    const built = await implementedRoutes();
    expect(built.size).toBeGreaterThan(30);
    const missing = (routes as readonly { id: string; response?: { safeParse?: unknown } }[])
      .filter((r) => typeof r.response?.safeParse !== 'function')
      .map((r) => r.id);
    expect(missing, `routes without a response schema in shared/contract: ${missing.join(', ')}`).toEqual([]);
  });

  it('refuses, at compile time, a route without a response (npm run typecheck)', () => {
    // @ts-expect-error `response` is required in RouteContract
    const bare: RouteContract = {
      id: 'health.bare',
      method: 'GET',
      path: '/api/bare',
      area: 'health',
      access: 'public',
      summary: 'no response',
    };
    expect(bare.response).toBeUndefined();
  });

  it('marks the public booking and the creates of the built areas idempotent', () => {
    const idempotent = new Set<string>(routes.filter((r) => 'idempotent' in r && r.idempotent).map((r) => r.id));
    for (const id of [
      'services.publicBook',
      'services.create',
      'inventory.createProductType',
      'inventory.createVariant',
      'inventory.createItem',
      'inventory.bulkCreate',
      'inventory.createLocation',
      'platform.createInvitation',
      'uploads.presignServicePhoto',
    ]) {
      expect(idempotent.has(id), id).toBe(true);
    }
  });
});

describe('dependencies point one way (docs/architecture.md)', () => {
  it('shared/domain imports nothing from shared/contract', () => {
    const contract = resolve(ROOT, 'shared/contract');
    const offenders = sourceFiles(resolve(ROOT, 'shared/domain')).filter((f) =>
      importsOf(f).some((i) => i.startsWith(contract)),
    );
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('handlers and their modules never import the local runtime', () => {
    const local = resolve(ROOT, 'functions/local');
    const files = sourceFiles(resolve(ROOT, 'functions')).filter(
      (f) =>
        !f.startsWith(local) &&
        !f.startsWith(resolve(ROOT, 'functions/testing')) &&
        !/\.(int\.|e2e\.)?test\.ts$/.test(f),
    );
    const offenders = files.filter((f) => importsOf(f).some((i) => i.startsWith(local)));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('the contract and the Lambdas use zod only through shared/zod.ts (zod/mini: classic zod would put ~110 KB back in every bundle)', () => {
    const bareImports = (file: string) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
        ),
      ].map((m) => m[1] ?? m[2]!);
    const files = [...sourceFiles(resolve(ROOT, 'functions')), ...sourceFiles(resolve(ROOT, 'shared'))].filter(
      (f) =>
        !f.startsWith(resolve(ROOT, 'functions/testing')) &&
        !f.startsWith(resolve(ROOT, 'functions/local')) &&
        !/\.(int\.|e2e\.)?test\.ts$/.test(f) &&
        f !== resolve(ROOT, 'shared/zod.ts'),
    );
    const offenders = files.filter((f) => bareImports(f).some((i) => i === 'zod' || i.startsWith('zod/')));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
