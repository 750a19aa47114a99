import type { PermissionPolicy } from '../../../../../shared/domain/roles.js';
import { api } from '../../../api/client.js';

/** Answers the saved policy, which the page writes into its cache before it reads the change log again. */
export const updatePolicy = (policy: PermissionPolicy, changeNote: string) =>
  api('settings.updatePermissions', { body: { policy, changeNote } });
