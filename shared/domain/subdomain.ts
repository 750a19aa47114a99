import { RESERVED_PATHS } from '../reserved-paths.js';

/** R-PLAT-7: lowercased, runs of non-alphanumerics collapsed to one hyphen, hyphens trimmed. */
export function subdomainFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Labels that can never be a tenant: the product's own top-level paths (in path mode a tenant lives at
 * `/{subdomain}/`, so "Public" would collide with `/public/*`), derived from shared/reserved-paths.ts.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = RESERVED_PATHS;
