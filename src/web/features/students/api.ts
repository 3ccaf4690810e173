import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '../../../contracts/accounts';
import { profileQuery } from '../../lib/account-api';
import { callEndpoint } from '../../lib/call-endpoint';

/** Save the profile (fields and an optional photo, one multipart request); the header and pages show it at once. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: FormData }) =>
      callEndpoint(profileEndpoints.updateStudent, { params: { id }, body: form }),
    onSuccess: (response) => client.setQueryData(profileQuery().queryKey, response.data.attributes),
  });
}
