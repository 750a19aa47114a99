import { useEffect, useState } from 'react';
import { subdomainFromName } from '../../../../shared/domain/subdomain.js';
import { checkSubdomain, type SubdomainAnswer } from './api/index.js';
import { SUBDOMAIN_CHECK_MS } from './signup.js';

/**
 * The server's answer for the organization name as typed (docs/decisions/0024-words-and-states.md): the
 * address it really gets now, asked SUBDOMAIN_CHECK_MS after the typing stops; null until then.
 */
export function useSubdomainCheck(token: string, typedName: string | undefined) {
  const [checked, setChecked] = useState<(SubdomainAnswer & { name: string }) | null>(null);
  useEffect(() => {
    const name = typedName?.trim() ?? '';
    if (!name || !subdomainFromName(name)) return;
    let live = true;
    const t = window.setTimeout(() => {
      checkSubdomain(token, name)
        .then((a) => live && setChecked({ ...a, name }))
        .catch(() => undefined);
    }, SUBDOMAIN_CHECK_MS);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [typedName, token]);
  return checked;
}
