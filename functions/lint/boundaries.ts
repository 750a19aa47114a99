/**
 * Server import boundaries (architecture habit 9; docs/architecture.md, "Areas and their public
 * modules"). An area (`functions/{area}/`) reads another area's rows only through that area's public
 * modules: its entity module (`entity.ts`, or `model.ts` where the area calls it so) and the modules
 * named in PUBLIC_MODULES below. Dynamic `import()` counts too: a first-use seam is still a dependency.
 * Shared code (`functions/lib/`), the local runtime (`functions/local/`), test helpers
 * (`functions/testing/`), `functions/handlers.ts` and test files are not areas and are not checked.
 * Second rule, the ranks (AREA_RANKS below): areas import each other in one direction, with lib at the
 * bottom; the edges that still go up are listed one by one in rank-exceptions.ts. Third rule: no file
 * cycles in functions/ or web/src (checkFileCycles below).
 * Run by `npm run lint` (through web/lint/boundaries.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  areaOfFile,
  FILE_CYCLE_DIRS,
  fileCycles,
  importEdges,
  importSpecifiers as imports,
  sourceFiles,
  TEST_SUPPORT,
} from './import-graph.js';
import { RANK_EXCEPTIONS } from './rank-exceptions.js';

interface ServerViolation {
  file: string;
  line: number;
  rule: 'area-public-module' | 'area-rank' | 'stale-rank-exception' | 'file-cycle';
  message: string;
}

const NOT_AREAS = new Set(['lib', 'local', 'testing', 'lint']);
const ENTITY_MODULES = ['entity', 'model'];

/**
 * Per area, the modules besides its entity module that other areas may import, each for a reason a
 * reader can check. Adding one is a decision: prefer a function in the entity module.
 */
const PUBLIC_MODULES: Record<string, readonly string[]> = {
  // Accounts: who a user is (sign-in name, profile) and the addresses mail links point at; the user
  // counter row, written with every user create/delete/sign-in of other areas; the organization
  // invitations the platform operator sends and sign-up redeems.
  auth: ['store', 'urls', 'user-stats', 'invitation-store'],
  // The data keyring's field encryption for webhook secrets (settings seals them, the webhook worker
  // opens them: R-SET-10).
  users: ['store', 'crypto'],
  // Other areas' operations that change reservations: the lifecycle (sweeps), the reservation reads
  // by id and payment counts (payments).
  reservations: ['lifecycle', 'queries', 'counts'],
  // The reservation row layer (docs/decisions/0260-areas-depend-one-way.md): its keys and schemas are the
  // entity module; besides it, the stored row's schemas and its view, the reminder markers, the per-day
  // report aggregates written with each reservation (reports read them), what every booking mail carries
  // (the confirmation in services, the reminder in sweeps) and a service's booking pointers (SVCBOOK#),
  // written in the reservations' transactions and read by the service delete.
  'reservation-rows': ['row-schemas', 'view', 'reminders', 'aggregates', 'booking-mail', 'service-bookings'],
  // The new-booking transaction (number, customer, money, items, reminders) the staff create
  // (reservations) and the public booking (services) compose; the item reads of reservations (sweeps).
  bookings: ['create', 'items'],
  // The service booking transaction, composed by the staff reservation route; a cancelled booking's
  // places back to its slot (the reservations' lifecycle); the waitlist's offers and expiry and the
  // release of places of bookings that never landed (sweeps).
  services: ['booking', 'slot-release', 'waitlist-sweep', 'slot-hold-sweep'],
  // The organization's settings other areas apply: tax rate, opening hours, contact details, reminder
  // defaults; the terms, accent colour and payment ways the public service page shows (R-SET-15..R-SET-17);
  // the actor's name the calendar feeds' log lines carry (reservations).
  settings: ['tax', 'hours', 'contact', 'reminders', 'storefront-public', 'actor-name'],
  // The scheduled reports run by the sweep.
  reports: ['schedule-runs', 'schedule-sweep'],
  // The bulk-write recovery run by the sweep; the item's booking row and its writes, which the
  // reservations' transactions compose (create, return, cancel) and the overdue sweep.
  inventory: ['bulk', 'item-book', 'item-book-row'],
  // Photo URLs for service pages.
  uploads: ['photos'],
};

/** Checks functions/ under `repoRoot`. */
export function checkServerBoundaries(repoRoot: string, rankOptions: RankOptions = {}): ServerViolation[] {
  const functionsDir = join(repoRoot, 'functions');
  const areaOf = (p: string): string | null => {
    if (!p.startsWith(functionsDir + sep)) return null;
    const parts = p.slice(functionsDir.length + 1).split(sep);
    return parts.length > 1 && !NOT_AREAS.has(parts[0]!) ? parts[0]! : null;
  };
  const violations: ServerViolation[] = [];
  for (const file of sourceFiles(functionsDir)) {
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
  return [...violations, ...checkAreaRanks(repoRoot, rankOptions), ...checkFileCycles(repoRoot)];
}

/**
 * The order areas depend in (docs/decisions/0260-areas-depend-one-way.md), lowest first: a module may
 * import its own area and the areas of lower ranks, never a higher rank nor another area of its own
 * rank. `lib` is the bottom and imports no area. Areas of one rank do not know each other.
 * `functions/local/`, `functions/testing/`, `functions/lint/` and `functions/handlers.ts` compose the
 * areas (the local runtime, test support, this lint, the Lambda entry list): they stand above every
 * rank and nothing ranked may import them. Test support files (`*fixtures.ts`) are not checked.
 */
const AREA_RANKS: readonly (readonly string[])[] = [
  ['lib'],
  // Leaves: the live stream, the health and OpenAPI routes, the key rotation, photo storage.
  ['events', 'health', 'rotation', 'uploads'],
  // Accounts: users, organizations, sessions, sign-up, invitations, the user counter row.
  ['auth'],
  // Employees: profiles, job roles, documents, the data keyring.
  ['users'],
  // The platform operator: tenants, modules, metrics, the health page.
  ['platform'],
  // The organization's settings other areas apply (tax, hours, contact, reminders, webhooks, keys).
  ['settings'],
  // The reservation row: keys, schemas, view, reminder markers, report aggregates, booking mail parts,
  // a service's booking pointers. Read by customers and services' hold sweeps, written by the rest.
  ['reservation-rows'],
  ['customers'],
  ['inventory'],
  // The new-booking transaction, composing customers, items and the reservation rows; the public
  // booking (services) and the staff create (reservations) stand on it.
  ['bookings'],
  // Services and their slots, holds and waitlist.
  ['services'],
  ['reservations'],
  ['reports'],
  ['payments', 'timesheets'],
  ['webhooks'],
  // Time-driven work composes the areas above.
  ['sweeps'],
];

/** Folders (and `handlers.ts`) that compose the areas: above every rank, imported by none. */
const COMPOSERS = new Set(['local', 'testing', 'lint', 'handlers']);

interface RankOptions {
  ranks?: readonly (readonly string[])[];
  /** `'functions/a/x.ts -> functions/b/y.ts'` → the reason the edge still exists. */
  exceptions?: Readonly<Record<string, string>>;
  /** Where the exceptions are listed, for the message about a stale one. */
  exceptionsFile?: string;
}

/**
 * The rank rule over functions/ under `repoRoot`: every import from a file of one area to a file of an
 * area not below it is a violation unless the edge (file → file) is listed in the exceptions, and a
 * listed edge that no longer exists is a violation too, so the list only shrinks.
 */
export function checkAreaRanks(repoRoot: string, options: RankOptions = {}): ServerViolation[] {
  const ranks = options.ranks ?? AREA_RANKS;
  const exceptions = options.exceptions ?? RANK_EXCEPTIONS;
  const exceptionsFile = options.exceptionsFile ?? 'functions/lint/rank-exceptions.ts';
  const functionsDir = join(repoRoot, 'functions');
  const rankOf = new Map<string, number>();
  ranks.forEach((areas, rank) => {
    for (const area of areas) rankOf.set(area, rank);
  });
  const rel = (p: string) => relative(repoRoot, p).split(sep).join('/');
  const violations: ServerViolation[] = [];
  const seen = new Set<string>();
  const unranked = new Set<string>();
  for (const edge of importEdges([functionsDir])) {
    const from = areaOfFile(functionsDir, edge.from);
    const to = areaOfFile(functionsDir, edge.to);
    if (!from || !to || from === to || COMPOSERS.has(from) || TEST_SUPPORT.test(edge.from)) continue;
    const fromRank = rankOf.get(from);
    const toRank = COMPOSERS.has(to) ? Number.POSITIVE_INFINITY : rankOf.get(to);
    if (fromRank === undefined || toRank === undefined) {
      const missing = fromRank === undefined ? from : to;
      if (!unranked.has(missing)) {
        unranked.add(missing);
        violations.push({
          file: rel(fromRank === undefined ? edge.from : edge.to),
          line: 1,
          rule: 'area-rank',
          message: `area '${missing}' has no rank: place it in AREA_RANKS (functions/lint/boundaries.ts)`,
        });
      }
      continue;
    }
    if (toRank < fromRank) continue;
    const key = `${rel(edge.from)} -> ${rel(edge.to)}`;
    seen.add(key);
    if (exceptions[key] !== undefined) continue;
    violations.push({
      file: rel(edge.from),
      line: edge.line,
      rule: 'area-rank',
      message:
        toRank === fromRank
          ? `'${from}' and '${to}' share a rank and may not import each other (AREA_RANKS, functions/lint/boundaries.ts)`
          : `'${from}' imports '${rel(edge.to)}' of '${to}', which ranks above it: move the shared piece down (AREA_RANKS, functions/lint/boundaries.ts)`,
    });
  }
  for (const key of Object.keys(exceptions).sort())
    if (!seen.has(key))
      violations.push({
        file: exceptionsFile,
        line: 1,
        rule: 'stale-rank-exception',
        message: `the listed edge '${key}' no longer exists (or no longer goes up): remove it from the list`,
      });
  return violations;
}

/**
 * Files of functions/ and web/src that import each other in a circle (static, re-export or `import()`,
 * type imports too; tests left out): none allowed (docs/decisions/0260-areas-depend-one-way.md). A
 * circle is cut by moving the piece both sides need into a small module of its own.
 */
export function checkFileCycles(repoRoot: string, dirs: readonly string[] = FILE_CYCLE_DIRS): ServerViolation[] {
  return dirs.flatMap((dir) =>
    fileCycles(repoRoot, dir).map((component) => ({
      file: component[0]!,
      line: 1,
      rule: 'file-cycle' as const,
      message: `these files import each other in a circle: ${component.join(', ')}; move the piece they share into a module of its own`,
    })),
  );
}
