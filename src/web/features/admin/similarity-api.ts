import { queryOptions } from '@tanstack/react-query';
import { similarityPairSchema, similarityStateSchema } from '../../../contracts/similarity';
import { apiFetch } from '../../lib/api-client';
import { adminKey } from '../../lib/query-keys';

const base = (program: number, batch: number) => `/api/v1/admin/similarity/${program}/${batch}`;

/** A program and batch's kept check, asked again every second while it runs (its progress). */
export const similarityQuery = (program: number, batch: number) =>
  queryOptions({
    queryKey: [...adminKey, 'similarity', program, batch],
    queryFn: ({ signal }) => apiFetch(base(program, batch), similarityStateSchema, { auth: true, signal }),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : false),
  });

export const similarityPairQuery = (program: number, batch: number, rank: number, startedAt: string) =>
  queryOptions({
    // The run's start in the key: a new run's pair 1 is another pair.
    queryKey: [...adminKey, 'similarity', program, batch, 'pair', rank, startedAt],
    queryFn: ({ signal }) =>
      apiFetch(`${base(program, batch)}/pairs/${rank}`, similarityPairSchema, { auth: true, signal }),
    staleTime: Infinity,
  });

export const startSimilarity = (program: number, batch: number) =>
  apiFetch(base(program, batch), similarityStateSchema, { method: 'POST', auth: true });
