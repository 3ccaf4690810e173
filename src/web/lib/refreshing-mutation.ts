import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write that reads the queries under `keys` again once it succeeds, and stays pending until they are: the areas'
 * write hooks are made with it, so each write names what it refreshes in one place.
 */
export function useRefreshingMutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  keys: readonly QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
