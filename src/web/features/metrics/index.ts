/** What other features use of metrics: the summary, the weeks, benchmarks, currency changes and the change chips. */
export { ChangeChips } from './components/metric-change-chips.tsx';
export { type CurrencyChange, currencyChangesQuery, summaryQuery, useBenchmarks, useChangeCurrency, useSummary, useWeeks } from './metrics-api.ts';
