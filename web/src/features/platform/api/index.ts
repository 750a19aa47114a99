import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import type { Invitation, InvitationForm } from '../invitations.js';

export const INVITATIONS = 'platform.invitations';

export function useInvitations() {
  return useSWR(apiKey(INVITATIONS), () => api<{ invitations: Invitation[] }>('platform.listInvitations'));
}

export const platformApi = {
  createInvitation: (body: InvitationForm) => api<{ invitation: Invitation }>('platform.createInvitation', { body }),
  resendInvitation: (id: string) => api<{ invitation?: Invitation }>('platform.resendInvitation', { params: { id } }),
  revokeInvitation: (id: string) => api('platform.revokeInvitation', { params: { id } }),
};

/** The signed-in tenant's modules that the platform operator switched off (its navigation hides them). */
export function useDisabledModules(): readonly string[] {
  const { data } = useSWR(apiKey('platform.organizationModules'), () => api('platform.organizationModules'), { refreshInterval: 60_000 });
  return data?.disabled ?? [];
}
