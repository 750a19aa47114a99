import { useMemo } from 'react';
import useSWR from 'swr';
import type { ModuleId } from '../../../../../shared/domain/modules.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { ORGANIZATION_MODULES } from './keys.js';

const getOrganizationModules = () => api('platform.organizationModules');

const NONE: readonly ModuleId[] = [];

interface ModuleAvailability {
  /** False until the first answer (or failure): screens that would call a module's API wait for it. */
  loaded: boolean;
  disabled: readonly ModuleId[];
  isOn: (module: ModuleId) => boolean;
}

/**
 * The tenant's module states for screens that must not call a switched-off module's API (docs/decisions/0001-modules-and-live-stream.md).
 * A failed read counts as "all on": the API still answers 403 for what is off.
 */
export function useModuleAvailability(): ModuleAvailability {
  const { data, error } = useSWR(apiKey(ORGANIZATION_MODULES), getOrganizationModules, { refreshInterval: 60_000 });
  const disabled = data?.disabled ?? NONE;
  return useMemo(
    () => ({
      loaded: data !== undefined || error !== undefined,
      disabled,
      isOn: (m: ModuleId) => !disabled.includes(m),
    }),
    [data, error, disabled],
  );
}

/** The signed-in tenant's modules that the platform operator switched off (its navigation hides them). */
export function useDisabledModules(): readonly string[] {
  return useModuleAvailability().disabled;
}
