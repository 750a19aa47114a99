import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { JOB_ROLES } from './keys.js';
import type { JobRole } from './types.js';

/** R-EMP-1: roles fall back to an empty list on failure. */
const getJobRoles = () =>
  api('users.listJobRoles')
    .then((r) => r.jobRoles)
    .catch(() => [] as JobRole[]);

export function useJobRoles() {
  return useSWR(apiKey(JOB_ROLES), getJobRoles);
}
