/**
 * The zod of the contract and the server: zod/mini (issue 9 item 6, "Lean Lambdas"). Its functions
 * tree-shake, so an API Lambda carries the validators it uses (about 30 KB) instead of classic zod's
 * whole method surface (about 145 KB). Same core, same parsing; the schemas are written in the
 * functional style (`z.optional(z.string().check(z.maxLength(40)))`).
 *
 * zod/mini configures no messages by default: this module sets zod's English ones, the same texts
 * classic zod gives, so a 400's field details read as before. Import it from here (`import * as z from
 * '.../shared/zod.js'`), never from 'zod/mini' directly, so the messages are always configured.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

// Re-exported name by name (not as one namespace object), so the bundler keeps only what is used.
export * from 'zod/mini';
