/**
 * Organization modules (R-PLAT-6): ids, categories, sub-features and dependencies, and
 * the one rule the server enforces and the platform page previews with.
 */
export const MODULE_IDS = [
  'inventory',
  'reservations',
  'employees',
  'notifications',
  'scheduling',
  'settings',
  'reports',
  'payments',
] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

interface ModuleDefinition {
  id: ModuleId;
  displayName: string;
  description: string;
  category: 'Core' | 'HR' | 'Communication' | 'Operations' | 'Analytics' | 'Finance';
  subFeatures: string[];
  dependencies: ModuleId[];
  /** Core global features cannot be toggled (R-PLAT-6): settings. Inventory and reservations are Core by category but switchable per tenant. */
  isCore: boolean;
}

export const MODULES: readonly ModuleDefinition[] = [
  {
    id: 'inventory',
    displayName: 'Inventory',
    description: 'Items, types, services and history',
    category: 'Core',
    subFeatures: ['items', 'types', 'services', 'history'],
    dependencies: [],
    isCore: false,
  },
  {
    id: 'reservations',
    displayName: 'Reservations',
    description: 'Reservations of items and services, processing and reports',
    category: 'Core',
    subFeatures: ['items', 'services', 'processing', 'reports'],
    dependencies: ['inventory'],
    isCore: false,
  },
  {
    id: 'employees',
    displayName: 'Employees',
    description: 'Profiles, documents, timesheets and roles',
    category: 'HR',
    subFeatures: ['profiles', 'documents', 'timesheets', 'roles'],
    dependencies: [],
    isCore: false,
  },
  {
    id: 'notifications',
    displayName: 'Notifications',
    description: 'E-mail notifications to customers and staff',
    category: 'Communication',
    subFeatures: [],
    dependencies: [],
    isCore: false,
  },
  {
    id: 'scheduling',
    displayName: 'Scheduling',
    description: 'Staff scheduling',
    category: 'Operations',
    subFeatures: [],
    dependencies: ['employees'],
    isCore: false,
  },
  {
    id: 'settings',
    displayName: 'Settings',
    description: 'Organization settings and permissions',
    category: 'Core',
    subFeatures: [],
    dependencies: [],
    isCore: true,
  },
  {
    id: 'reports',
    displayName: 'Reports',
    description: 'Reports and exports',
    category: 'Analytics',
    subFeatures: [],
    dependencies: ['reservations', 'inventory'],
    isCore: false,
  },
  {
    id: 'payments',
    displayName: 'Payments',
    description: 'Payments on reservations',
    category: 'Finance',
    subFeatures: [],
    dependencies: ['reservations'],
    isCore: false,
  },
];

export const moduleById = (id: string): ModuleDefinition | undefined => MODULES.find((m) => m.id === id);
const nameOf = (id: ModuleId) => moduleById(id)?.displayName ?? id;

export type ModuleStates = Record<ModuleId, boolean>;

/** Every module is on until the operator turns it off. */
export function defaultModuleStates(): ModuleStates {
  return Object.fromEntries(MODULE_IDS.map((id) => [id, true])) as ModuleStates;
}

export const CORE_NOT_TOGGLEABLE = 'Core features cannot be toggled';

/** One tenant's switches as the Feature Flags list carries them: per feature, per organization. */
interface FeatureTenants {
  id: ModuleId;
  organizations: readonly { id: string; name: string; subdomain: string; enabled: boolean }[];
}

/**
 * Switching a feature on or off for every tenant (Configuration → Feature Flags): the tenants to
 * change, and those the dependency rule refuses with its message. The server checks each change again.
 */
export function planEverywhere(
  features: readonly FeatureTenants[],
  id: ModuleId,
  enable: boolean,
): { change: string[]; refused: { tenant: string; problem: string }[] } {
  const feature = features.find((f) => f.id === id);
  const change: string[] = [];
  const refused: { tenant: string; problem: string }[] = [];
  for (const org of feature?.organizations ?? []) {
    if (org.enabled === enable) continue;
    const states = defaultModuleStates();
    for (const f of features) {
      const o = f.organizations.find((x) => x.id === org.id);
      if (o) states[f.id] = o.enabled;
    }
    const problem = moduleToggleProblem(states, id, enable);
    if (problem) refused.push({ tenant: org.name || org.subdomain, problem });
    else change.push(org.id);
  }
  return { change, refused };
}

/**
 * Whether `id` may be switched to `enable` given the current states: null when allowed, else the
 * spec's message (R-PLAT-5). Enabling needs every dependency on; disabling is refused while an
 * enabled module depends on it.
 */
export function moduleToggleProblem(states: ModuleStates, id: ModuleId, enable: boolean): string | null {
  const def = moduleById(id);
  if (!def) return 'Unknown feature';
  if (def.isCore) return CORE_NOT_TOGGLEABLE;
  if (enable) {
    const missing = def.dependencies.filter((d) => !states[d]);
    return missing.length ? `Please enable required features first: ${missing.map(nameOf).join(', ')}` : null;
  }
  const dependents = MODULES.filter((m) => states[m.id] && m.dependencies.includes(id));
  return dependents.length ? `Cannot disable. Required by: ${dependents.map((m) => m.displayName).join(', ')}` : null;
}

/**
 * Which module an API area belongs to: a disabled module's routes answer 403 for that tenant.
 * Services are inventory's sub-feature (R-PLAT-6); timesheets and users are employees'.
 * Areas not listed (auth, platform, settings, customers, events, health, uploads) are never switched off.
 */
export const AREA_MODULE: Partial<Record<string, ModuleId>> = {
  inventory: 'inventory',
  services: 'inventory',
  reservations: 'reservations',
  payments: 'payments',
  reports: 'reports',
  timesheets: 'employees',
};

/** The message a disabled module's routes answer with (403). */
export const MODULE_DISABLED_MESSAGE = 'This feature is not enabled for your organization';

/**
 * What a public share link (`/public/service/{token}`: the page and its booking) needs switched on:
 * the service itself is inventory's (sub-feature "services"), booking it is reservations' (sub-feature
 * "services", R-PLAT-5). A link of a tenant missing either answers as an unavailable service.
 */
const PUBLIC_BOOKING_MODULES: readonly ModuleId[] = ['inventory', 'reservations'];
export const publicBookingOpen = (states: ModuleStates) => PUBLIC_BOOKING_MODULES.every((m) => states[m]);
