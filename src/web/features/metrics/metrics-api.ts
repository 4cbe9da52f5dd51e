import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsvRowError } from '../../../core/metrics/csv.ts';
import type { CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import type { WeekKey } from '../../../core/metrics/iso-week.ts';
import type { SummaryRange } from '../../../core/metrics/summary-range.ts';
import type { WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { ApiError, detailKey } from '../../lib/api-client.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { isErrorBody } from '../../../core/errors/error-codes.ts';
import type { StripeApplyInput } from '../../../core/metrics/stripe-import.ts';

// The metrics API (docs/metrics.md#api): one place for its calls, keys and invalidation.

/** GET /api/metrics/summary: the server's answer (`metricsSummary`, its series cut to the range). */
export type MetricsSummary = ApiAnswer<'GET /api/metrics/summary'>;
/** One week of the summary's series. */
export type SeriesPoint = MetricsSummary['series'][number];
/** GET /api/metrics/benchmarks (`peerBenchmarks`). */
export type Benchmarks = ApiAnswer<'GET /api/metrics/benchmarks'>;

const metricsKey = ['metrics'] as const;

export const weeksQuery = queryOptions({
  queryKey: [...metricsKey, 'weeks'],
  queryFn: () => api('GET /api/metrics/weeks'),
});
/** The summary with its series over `range` (the cards only need the shortest). */
export const summaryQuery = (range: SummaryRange = '12w') =>
  queryOptions({
    queryKey: [...metricsKey, 'summary', range],
    queryFn: () => api('GET /api/metrics/summary', { query: { range } }),
  });
export const benchmarksQuery = queryOptions({
  queryKey: [...metricsKey, 'benchmarks'],
  queryFn: () => api('GET /api/metrics/benchmarks'),
  retry: false,
});

export const useWeeks = () => useQuery(weeksQuery);
export const useSummary = (range?: SummaryRange) => useQuery(summaryQuery(range));
/** While another range loads, the chart keeps showing the one before instead of a blank. */
export const useSummarySeries = (range: SummaryRange) => useQuery({ ...summaryQuery(range), placeholderData: keepPreviousData });
export const useBenchmarks = (enabled: boolean) => useQuery({ ...benchmarksQuery, enabled });

/** Every metrics view depends on the weeks, and a saved week counts toward the streak and Metrics Master. */
function useInvalidateMetrics() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: metricsKey }), client.invalidateQueries({ queryKey: gamificationQueryKey })]);
}

/** A recorded change of currency (POST /api/metrics/currency, decision 114). */
export type CurrencyChange = ApiAnswer<'POST /api/metrics/currency'>;

export const currencyChangesQuery = queryOptions({
  queryKey: [...metricsKey, 'currency-changes'],
  queryFn: () => api('GET /api/metrics/currency-changes'),
});

/** Relabels or converts the founder's numbers; every metrics view and the profile (its currency) are read again. */
export function useChangeCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CurrencyChangeInput) => api('POST /api/metrics/currency', { json: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: metricsKey }), client.invalidateQueries({ queryKey: ['me'] })]),
  });
}

export function useSaveWeek() {
  const invalidate = useInvalidateMetrics();
  return useMutation({
    mutationFn: ({ key, input }: { key: WeekKey; input: WeekRecordInput }) =>
      api('PUT /api/metrics/weeks/:year/:week', { params: key, json: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteWeek() {
  const invalidate = useInvalidateMetrics();
  return useMutation({
    mutationFn: (key: WeekKey) => api('DELETE /api/metrics/weeks/:year/:week', { params: key }),
    onSuccess: invalidate,
  });
}

export const EXPORT_URL = '/api/metrics/export.csv';

/**
 * Uploads a CSV with XMLHttpRequest, whose upload events give the progress bar
 * for large files (fetch has none). Rejects with ApiError; row errors are in `details`.
 */
export function uploadCsv(text: string, onProgress: (fraction: number) => void): Promise<ApiAnswer<'POST /api/metrics/import'>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/metrics/import');
    request.setRequestHeader('content-type', 'text/csv; charset=utf-8');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('NETWORK', 0, 'Network error. Please check your connection.'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: handled below as a generic failure.
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as ApiAnswer<'POST /api/metrics/import'>);
      } else if (isErrorBody(body)) {
        reject(new ApiError(body.error.code, request.status, body.error.message, body.error.details));
      } else {
        reject(new ApiError('INTERNAL', request.status, 'An error occurred. Please try again.'));
      }
    };
    request.send(text);
  });
}

export function useImportCsv() {
  const invalidate = useInvalidateMetrics();
  return useMutation({
    mutationFn: ({ text, onProgress }: { text: string; onProgress: (fraction: number) => void }) => uploadCsv(text, onProgress),
    onSuccess: invalidate,
  });
}

/** Row errors the server answered for an import, when it did. */
export function importRowErrors(error: unknown): CsvRowError[] {
  // Each row's reason as its key, for the founder's language (the server's `message` is English).
  if (error instanceof ApiError && Array.isArray(error.details)) return (error.details as CsvRowError[]).map((detail) => ({ ...detail, message: detailKey(detail) ?? detail.message }));
  return [];
}

/** The import from Stripe (decision 118): the founder's connection, polled while Stripe is being read. */
const stripeKey = [...metricsKey, 'stripe'] as const;
export const useStripeStatus = (enabled: boolean) =>
  useQuery({
    queryKey: stripeKey,
    queryFn: () => api('GET /api/metrics/stripe'),
    enabled,
    refetchInterval: (query) => (query.state.data?.connection?.status === 'reading' ? 1000 : false),
  });

function useStripeMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const invalidate = useInvalidateMetrics();
  return useMutation({ mutationFn: call, onSuccess: invalidate });
}

export const useConnectStripe = () => useStripeMutation((key: string) => api('PUT /api/metrics/stripe', { json: { key } }));
export const useApplyStripe = () =>
  useStripeMutation((input: StripeApplyInput) => api('POST /api/metrics/stripe/apply', { json: input }));
export const useDisconnectStripe = () => useStripeMutation(() => api('DELETE /api/metrics/stripe'));
