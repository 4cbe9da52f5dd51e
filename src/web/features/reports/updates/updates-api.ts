import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sections } from '../../../../core/reports/investor-update.ts';
import type { Json } from '../../../../core/http/json.ts';
import type {
  InvestorList,
  InvestorUpdate as ServerInvestorUpdate,
  InvestorUpdateSummary as ServerInvestorUpdateSummary,
  PolishProposal as ServerPolishProposal,
  ShareLink,
  UpdateSent,
  UpdateShared,
} from '../../../../server/features/reports/index.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The answers about investor updates: the server's types, as JSON. */
export type InvestorUpdate = Json<ServerInvestorUpdate>;
export type InvestorUpdateSummary = Json<ServerInvestorUpdateSummary>;
export type PolishProposal = Json<ServerPolishProposal>;

/** The typed calls behind /reports (docs/reports.md#api). */
const BASE = '/api/reports/investor-updates';
const listKey = ['investor-updates'] as const;
const updateKey = (id: string) => ['investor-updates', id] as const;

export const pdfUrl = (id: string) => `${BASE}/${id}/pdf`;

export function useUpdates(enabled: boolean) {
  return useQuery({ queryKey: listKey, queryFn: () => apiFetch<InvestorUpdateSummary[]>(BASE), enabled });
}

export function useUpdate(id: string | null) {
  return useQuery({ queryKey: updateKey(id ?? ''), queryFn: () => apiFetch<InvestorUpdate>(`${BASE}/${id}`), enabled: id !== null });
}

export function useDraftUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (period: { fromWeek: string; toWeek: string }) => apiFetch<InvestorUpdate>(BASE, { method: 'POST', body: JSON.stringify(period) }),
    onSuccess: (update) => {
      client.setQueryData(updateKey(update.id), update);
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

export function useSaveUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sections: Sections) => apiFetch<InvestorUpdate>(`${BASE}/${id}`, { method: 'PUT', body: JSON.stringify({ sections }) }),
    onSuccess: (update) => client.setQueryData(updateKey(id), update),
  });
}

/** The model's polished wording of the version on screen, with its unverified numbers (decision 215); nothing is saved. */
export const polishUpdate = (id: string, version: number) =>
  apiFetch<PolishProposal>(`${BASE}/${id}/polish`, { method: 'POST', body: JSON.stringify({ version }) });

/** An accepted proposal, checked again by the server, saved as the next version. */
export function useAcceptPolish(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { basedOn: number; sections: Sections }) => apiFetch<InvestorUpdate>(`${BASE}/${id}/polish/accept`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: (update) => client.setQueryData(updateKey(id), update),
  });
}

const sharesKey = (id: string) => ['investor-updates', id, 'shares'] as const;

/** The update's links that still open, with their expiry (decision 263). */
export function useShareLinks(id: string) {
  return useQuery({ queryKey: sharesKey(id), queryFn: () => apiFetch<Json<ShareLink>[]>(`${BASE}/${id}/shares`) });
}

export function useShareUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Json<UpdateShared>>(`${BASE}/${id}/share`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

export function useRevokeShares(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`${BASE}/${id}/share`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

/** Revokes one link: it answers 410 from then on. */
export function useRevokeShare(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => apiFetch<void>(`${BASE}/${id}/shares/${shareId}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

const investorsKey = ['investor-list'] as const;

/** The addresses the founder last sent an update to: the server keeps them with each send (decision 185). */
export function useInvestorList() {
  return useQuery({ queryKey: investorsKey, queryFn: async () => (await apiFetch<Json<InvestorList>>('/api/reports/investors')).recipients });
}

export function useSendUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recipients: string[]) => apiFetch<Json<UpdateSent>>(`${BASE}/${id}/send`, { method: 'POST', body: JSON.stringify({ recipients }) }),
    // Each investor got a link of their own: the list of live links grows.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: investorsKey }), client.invalidateQueries({ queryKey: sharesKey(id) })]),
  });
}
