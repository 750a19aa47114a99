/**
 * The CSP allows no eval (shared/security-headers.ts): zod's JIT probe (`new Function`) would report a
 * violation. zod keeps its global config on `globalThis.__zod_globalConfig` and keeps an object it
 * finds there, so setting it here, first thing in main.tsx, makes every zod that loads later (in the
 * lazily loaded page chunks) jitless without putting zod into the entry chunk.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
export {};
