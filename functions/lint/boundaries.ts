/**
 * Server import boundaries (architecture habit 9; docs/architecture.md, "Areas and their public
 * modules"). An area (`functions/{area}/`) reads another area's rows only through that area's public
 * modules: its entity module (`entity.ts`, or `model.ts` where the area calls it so) and the modules
 * named in PUBLIC_MODULES below. Dynamic `import()` counts too: a first-use seam is still a dependency.
 * Shared code (`functions/lib/`), the local runtime (`functions/local/`), test helpers
 * (`functions/testing/`), `functions/handlers.ts` and test files are not areas and are not checked.
 * Run by `npm run lint` (through web/lint/boundaries.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface ServerViolation {
  file: string;
  line: number;
  rule: 'area-public-module';
  message: string;
}

const NOT_AREAS = new Set(['lib', 'local', 'testing', 'lint']);
const ENTITY_MODULES = ['entity', 'model'];

/**
 * Per area, the modules besides its entity module that other areas may import, each for a reason a
 * reader can check. Adding one is a decision: prefer a function in the entity module.
 */
export const PUBLIC_MODULES: Record<string, readonly string[]> = {
  // Accounts: who a user is (sign-in name, profile) and the addresses mail links point at.
  auth: ['store', 'urls'],
  // The user counter row, written with every user create/delete/sign-in of other areas; the data keyring's
  // field encryption for webhook secrets (settings seals them, the webhook worker opens them: R-SET-10).
  users: ['store', 'user-stats', 'crypto'],
  // Other areas' operations that change reservations: the lifecycle (sweeps), the item booking rows
  // and item reads (inventory, sweeps), the reservation reads by id and payment counts (payments),
  // creation (services), the reminder markers and their sending (sweeps), what every booking mail
  // carries (the confirmation in services, the reminder in sweeps).
  reservations: [
    'lifecycle',
    'item-book',
    'items',
    'queries',
    'counts',
    'create',
    'reminders',
    'calendar-bookings',
    'booking-mail',
  ],
  // The service booking transaction, composed by the staff reservation route; a cancelled booking's
  // places back to its slot (the reservations' lifecycle); the waitlist's offers and expiry and the
  // release of places of bookings that never landed (sweeps).
  services: ['booking', 'slot-release', 'waitlist-offers', 'slot-hold-sweep'],
  // The organization's settings other areas apply: tax rate, opening hours, contact details, reminder defaults.
  settings: ['tax', 'hours', 'contact', 'reminders'],
  // Mail templates (every area that mails), organization invitations (sign-up).
  platform: ['template-store', 'templates', 'invitation-store'],
  // The per-day aggregates written with each reservation; the scheduled reports run by the sweep.
  reports: ['aggregates', 'schedule-runs', 'schedule-sweep'],
  // The bulk-write recovery run by the sweep.
  inventory: ['bulk'],
  // Photo URLs for service pages.
  uploads: ['photos'],
  // The sweep wrapper and schedule the platform's health page reports on.
  sweeps: ['sweep-handler', 'schedules'],
};

const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(p);
  }
  return out;
}

/** Import specifiers with their line: static imports and re-exports (the list may span lines), and `import()`. */
function imports(text: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number }[] = [];
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  const stat = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (let m = stat.exec(text); m; m = stat.exec(text))
    found.push({ spec: m[1]!, line: lineOf(m.index + m[0].search(/\S/)) });
  const dyn = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = dyn.exec(text); m; m = dyn.exec(text)) found.push({ spec: m[1]!, line: lineOf(m.index) });
  return found;
}

/** Checks functions/ under `repoRoot`. */
export function checkServerBoundaries(repoRoot: string): ServerViolation[] {
  const functionsDir = join(repoRoot, 'functions');
  const areaOf = (p: string): string | null => {
    if (!p.startsWith(functionsDir + sep)) return null;
    const parts = p.slice(functionsDir.length + 1).split(sep);
    return parts.length > 1 && !NOT_AREAS.has(parts[0]!) ? parts[0]! : null;
  };
  const violations: ServerViolation[] = [];
  for (const file of walk(functionsDir)) {
    const own = areaOf(file);
    if (!own) continue;
    const rel = relative(repoRoot, file).split(sep).join('/');
    for (const { spec, line } of imports(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '');
      const other = areaOf(target);
      if (!other || other === own) continue;
      const module = target
        .slice(join(functionsDir, other).length + 1)
        .split(sep)
        .join('/');
      if (ENTITY_MODULES.includes(module) || PUBLIC_MODULES[other]?.includes(module)) continue;
      violations.push({
        file: rel,
        line,
        rule: 'area-public-module',
        message: `area '${own}' reaches into '${other}/${module}': use a function of '${other}/entity.ts' (or a module in PUBLIC_MODULES, functions/lint/boundaries.ts)`,
      });
    }
  }
  return violations;
}
