import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';
import { similarityEndpoints } from '../../../contracts/similarity';

/** A program and batch's kept check, asked again every second while it runs (its progress). */
export const similarityQuery = (program: number, batch: number) =>
  queryOptions({
    queryKey: [...adminKey, 'similarity', program, batch],
    queryFn: ({ signal }) => callEndpoint(similarityEndpoints.result, { params: { program, batch }, signal }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : false),
  });

export const similarityPairQuery = (program: number, batch: number, rank: number, startedAt: string) =>
  queryOptions({
    // The run's start in the key: a new run's pair 1 is another pair.
    queryKey: [...adminKey, 'similarity', program, batch, 'pair', rank, startedAt],
    queryFn: ({ signal }) => callEndpoint(similarityEndpoints.pair, { params: { program, batch, rank }, signal }),
    staleTime: Infinity,
  });

/** Run check: the answer is the running check, shown at once (and asked again each second while it runs). */
export function useStartSimilarity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ program, batch }: { program: number; batch: number }) =>
      callEndpoint(similarityEndpoints.start, { params: { program, batch } }),
    // A read of the state still in flight (asked for when the batch was picked) would land after this answer and
    // put back "no check yet", with nothing left polling: it is cancelled first.
    onSuccess: async (state, { program, batch }) => {
      const { queryKey } = similarityQuery(program, batch);
      await client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, state);
    },
  });
}
