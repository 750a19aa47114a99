import { api } from '../../../api/client.js';

export const deletePicture = async (id: string) => (await api('users.deletePicture', { params: { id } })).employee;
