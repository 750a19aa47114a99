/** Document 1 §5: lowercased, runs of non-alphanumerics collapsed to one hyphen, hyphens trimmed. */
export function subdomainFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Labels that can never be a tenant (they mean the platform itself or are reserved for it). */
export const RESERVED_SUBDOMAINS = new Set(['www', 'api', 'admin', 'platform', 'app', 'mail', 'static', 'assets', 'localhost']);
