import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sections } from '../../../../core/reports/investor-update.ts';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';

/** The answers about investor updates: each route's own type. */
export type InvestorUpdate = ApiAnswer<'GET /api/reports/investor-updates/:id'>;
export type InvestorUpdateSummary = ApiAnswer<'GET /api/reports/investor-updates'>[number];
export type PolishProposal = ApiAnswer<'POST /api/reports/investor-updates/:id/polish'>;

/** The typed calls behind /reports (docs/reports.md#api). */
const listKey = ['investor-updates'] as const;
const updateKey = (id: string) => ['investor-updates', id] as const;

// The PDF is a file the browser downloads, not JSON: a link, outside the typed client.
export const pdfUrl = (id: string) => `/api/reports/investor-updates/${id}/pdf`;

export const updatesQueryOptions = () => queryOptions({ queryKey: listKey, queryFn: () => api('GET /api/reports/investor-updates') });

export function useUpdates(enabled: boolean) {
  return useQuery({ ...updatesQueryOptions(), enabled });
}

export function useUpdate(id: string | null) {
  return useQuery({ queryKey: updateKey(id ?? ''), queryFn: () => api('GET /api/reports/investor-updates/:id', { params: { id: id ?? '' } }), enabled: id !== null });
}

export function useDraftUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (period: { fromWeek: string; toWeek: string }) => api('POST /api/reports/investor-updates', { json: period }),
    onSuccess: (update) => {
      client.setQueryData(updateKey(update.id), update);
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

export function useSaveUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sections: Sections) => api('PUT /api/reports/investor-updates/:id', { params: { id }, json: { sections } }),
    onSuccess: (update) => client.setQueryData(updateKey(id), update),
  });
}

/** The model's polished wording of the version on screen, with its unverified numbers (decision 215); nothing is saved. */
export const polishUpdate = (id: string, version: number) =>
  api('POST /api/reports/investor-updates/:id/polish', { params: { id }, json: { version } });

/** An accepted proposal, checked again by the server, saved as the next version. */
export function useAcceptPolish(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { basedOn: number; sections: Sections }) => api('POST /api/reports/investor-updates/:id/polish/accept', { params: { id }, json: input }),
    onSuccess: (update) => client.setQueryData(updateKey(id), update),
  });
}

const sharesKey = (id: string) => ['investor-updates', id, 'shares'] as const;

/** The update's links that still open, with their expiry (decision 263). */
export function useShareLinks(id: string) {
  return useQuery({ queryKey: sharesKey(id), queryFn: () => api('GET /api/reports/investor-updates/:id/shares', { params: { id } }) });
}

export function useShareUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/reports/investor-updates/:id/share', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

export function useRevokeShares(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/reports/investor-updates/:id/share', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

/** Revokes one link: it answers 410 from then on. */
export function useRevokeShare(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api('DELETE /api/reports/investor-updates/:id/shares/:shareId', { params: { id, shareId } }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

const investorsKey = ['investor-list'] as const;

/** The addresses the founder last sent an update to: the server keeps them with each send (decision 185). */
export function useInvestorList() {
  return useQuery({ queryKey: investorsKey, queryFn: async () => (await api('GET /api/reports/investors')).recipients });
}

export function useSendUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recipients: string[]) => api('POST /api/reports/investor-updates/:id/send', { params: { id }, json: { recipients } }),
    // Each investor got a link of their own: the list of live links grows.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: investorsKey }), client.invalidateQueries({ queryKey: sharesKey(id) })]),
  });
}
