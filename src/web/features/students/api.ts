import { callEndpoint } from '../../lib/call-endpoint';
import { profileEndpoints } from '../../../contracts/accounts';

export const updateProfileRequest = (id: number, form: FormData) =>
  callEndpoint(profileEndpoints.updateStudent, { params: { id }, body: form });
