import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { INVITATIONS } from './keys.js';

const getInvitations = () => api('platform.listInvitations');

export function useInvitations() {
  return useSWR(apiKey(INVITATIONS), getInvitations);
}
