import { profileUpdateResponseSchema } from '../../../contracts/accounts';
import { apiFetch } from '../../lib/api-client';

export const updateProfileRequest = (id: number, form: FormData) =>
  apiFetch(`/students/${id}`, profileUpdateResponseSchema, { method: 'PATCH', body: form, auth: true });
