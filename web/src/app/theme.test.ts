import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { SLOT_RECIPES, system } from './theme.js';

// Vitest runs from the repository root (import.meta.url is not a file URL under jsdom).
const chakra = join(process.cwd(), 'node_modules/@chakra-ui/react/dist/esm');
const src = join(process.cwd(), 'web/src');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Names the app imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g,
    )) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's export name -> its component directory, read from its ESM index. */
function componentDirs(): Map<string, string> {
  const index = readFileSync(join(chakra, 'index.js'), 'utf8');
  const map = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '\.\/components\/([^/]+)\//g)) namespaces.set(m[1]!, m[2]!);
  for (const m of index.matchAll(/export \{([^}]*)\}(?: from '\.\/components\/([^/]+)\/)?/g)) {
    for (const part of m[1]!.split(',')) {
      const [local, exported] = part.trim().split(/\s+as\s+/);
      const dir = m[2] ?? namespaces.get(local!);
      if (dir) map.set((exported ?? local)!, dir);
    }
  }
  return map;
}

/** Recipe keys a component directory uses, following its imports of other component directories. */
function recipeKeys(dir: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(dir)) return keys;
  seen.add(dir);
  const base = join(chakra, 'components', dir);
  for (const name of readdirSync(base)) {
    const text = readFileSync(join(base, name), 'utf8');
    for (const m of text.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const k of recipeKeys(m[1]!, seen)) keys.add(k);
  }
  return keys;
}

describe('the trimmed Chakra theme', () => {
  it('has the recipe of every Chakra component the app imports (a missing one renders unstyled)', () => {
    const dirs = componentDirs();
    const used = new Set<string>();
    for (const name of importedNames()) {
      const dir = dirs.get(name);
      if (dir) for (const k of recipeKeys(dir)) used.add(k);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(
      (k) => (k in allSlotRecipes && !(k in SLOT_RECIPES)) || (k in allRecipes && !system.getRecipe(k)),
    );
    expect(missing, 'add these to SLOT_RECIPES in web/src/app/theme.ts').toEqual([]);
  });

  it('keeps Chakra defaults for what it has: same recipes, tokens and conditions as the default system', () => {
    for (const key of Object.keys(SLOT_RECIPES))
      expect(system.getSlotRecipe(key)).toEqual(defaultSystem.getSlotRecipe(key));
    for (const key of Object.keys(allRecipes)) expect(system.getRecipe(key)).toEqual(defaultSystem.getRecipe(key));
    expect(system.token('colors.gray.500')).toBe(defaultSystem.token('colors.gray.500'));
    expect(system.token('spacing.4')).toBe(defaultSystem.token('spacing.4'));
    expect(Object.keys(system.conditions ?? {}).length).toBeGreaterThan(0);
  });

  it('finds a missing recipe (the check can fail)', () => {
    const keys = recipeKeys(componentDirs().get('DatePicker') ?? 'date-picker');
    expect(keys.has('datePicker')).toBe(true);
    expect('datePicker' in SLOT_RECIPES).toBe(false);
  });
});
