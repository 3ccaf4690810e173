/** The signed-in account, as several features read and change it: its profile and its password. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChangePasswordInput, accountsEndpoints, profileEndpoints } from '../../contracts/accounts';
import { ApiError } from './api-client';
import { clearSession, storeRole, useSignedIn } from './auth-store';
import { callEndpoint } from './call-endpoint';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => callEndpoint(accountsEndpoints.changePassword, { body: input }),
  });

export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => callEndpoint(profileEndpoints.profile, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The signed-in student's profile; a token the server no longer accepts is dropped. */
export function useProfile() {
  const signedIn = useSignedIn();
  const query = useQuery({ ...profileQuery(), enabled: signedIn });
  const expired = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (expired) clearSession();
  }, [expired]);
  const role = query.data?.role;
  useEffect(() => {
    if (role) storeRole(role);
  }, [role]);
  return { ...query, signedIn };
}
