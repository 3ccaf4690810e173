import type { ProfileUpdateResponse } from '../../../contracts/accounts';
import { apiFetch } from '../../lib/api-client';

export const updateProfileRequest = (id: number, form: FormData) =>
  apiFetch<ProfileUpdateResponse>(`/students/${id}`, { method: 'PATCH', body: form, auth: true });
