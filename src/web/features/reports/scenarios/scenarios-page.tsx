import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { compareWeeks } from '../../../../core/metrics/iso-week.ts';
import { projectRunway, weeklyRateFromMonthly } from '../../../../core/reports/runway-projection.ts';
import { scenarioBaseline } from '../../../../core/reports/scenario-baseline.ts';
import { MAX_SCENARIOS, toProjectionChanges } from '../../../../core/reports/scenario-schema.ts';
import { PREMIUM_TIER } from '../../../../core/subscription/trial.ts';
import { SecondaryButton } from '../../../components/form/form-parts.tsx';
import { useSession } from '../../../lib/auth-client.ts';
import { useMe } from '../../../lib/get-me.ts';
import { useWeeks } from '../../metrics/index.ts';
import { metricFormatter, moneyFormatter } from '../../../lib/metric-format.ts';
import { useMetricText } from '../../../lib/metric-text.ts';
import { numberStyleOf } from '../../../lib/number-style.ts';
import { UpgradePrompt } from '../../subscription/index.ts';
import { ScenarioCard } from './scenario-card.tsx';
import type { ScenarioDraft } from '../../../../core/reports/scenario-drafts.ts';
import { scenarioInput as scenarioInputOf } from './scenario-drafts.ts';
import { useSavedScenarios, useScenarioAutosave } from './scenarios-api.ts';

const newId = () => Math.random().toString(36).slice(2, 10);

/** /metrics/scenarios: up to four plans side by side, each projected 104 weeks from the latest recorded week (docs/reports.md). */
export function ScenariosPage() {
  const { t } = useTranslation('reports');
  const userId = useSession().data?.user.id;
  const me = useMe(userId);
  const weeks = useWeeks();
  const premium = (me.data?.effectiveUserTier ?? 1) >= PREMIUM_TIER;
  // The weeks arrive newest first; the projection reads them oldest first.
  const baseline = useMemo(() => scenarioBaseline([...(weeks.data ?? [])].sort(compareWeeks)), [weeks.data]);
  const saved = useSavedScenarios(premium);
  const autosave = useScenarioAutosave();
  const [edited, setEdited] = useState<ScenarioDraft[] | null>(null);
  // What the founder saved last, on any browser, until they change something (decision 182).
  const scenarios = useMemo(
    () => edited ?? (saved.isSuccess ? (saved.data ?? [{ id: newId(), name: t('scenarios.today'), changes: [] }]) : null),
    [edited, saved.isSuccess, saved.data, t],
  );
  const setScenarios = (next: ScenarioDraft[]) => {
    setEdited(next);
    autosave.schedule(next);
  };

  const style = numberStyleOf(me.data);
  const results = useMemo(
    () =>
      (scenarios ?? []).map((draft) => {
        if (!baseline) return { errors: [], projection: null };
        const { changes, errors, monthlyGrowth } = toProjectionChanges(scenarioInputOf(draft, style), baseline.latest);
        // Growth is the founder's stated assumption, flat unless they type one (decision 256).
        return { errors, monthlyGrowth, projection: errors.length === 0 ? projectRunway({ ...baseline, weeklyGrowth: weeklyRateFromMonthly(monthlyGrowth) }, changes) : null };
      }),
    // The style changes with the profile (marks, currency, remembered answers).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scenarios, baseline, me.data],
  );
  const money = moneyFormatter(style);
  const metricText = useMetricText(style);
  const axisMoney = metricFormatter('money', numberStyleOf(me.data), true);

  const header = (
    <header>
      <h1 className="text-2xl font-semibold tracking-tight">{t('scenarios.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('scenarios.subtitle')}</p>
    </header>
  );
  if (me.isPending || weeks.isPending || (premium && saved.isPending)) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (!premium) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <UpgradePrompt title={t('upgrade.scenarios.title')} body={t('upgrade.scenarios.body')} />
      </div>
    );
  }
  if (saved.isError || scenarios === null) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <p role="alert" className="text-destructive">
          {t('scenarios.loadError')}
        </p>
      </div>
    );
  }
  if (!baseline) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6">
        {header}
        <p>
          {t('scenarios.noData')}{' '}
          <Link to="/metrics" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('scenarios.recordWeek')}
          </Link>
        </p>
      </div>
    );
  }

  const update = (index: number, draft: ScenarioDraft) => setScenarios(scenarios.map((s, i) => (i === index ? draft : s)));
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      {header}
      <div id="scenario-baseline" className="text-sm text-muted-foreground">
        {/* The dashboard's own starting point: its burn and runway, so "as today" runs out when the Overview says (decision 256). */}
        <p data-testid="starts-from">
          {t(baseline.runwayWeeks === null ? 'scenarios.startsFromNotBurning' : 'scenarios.startsFrom', {
            cash: money(baseline.cash),
            revenue: money(baseline.weeklyRevenue),
            burn: money(baseline.weeklyBurn),
            runway: metricText('runwayWeeks', baseline.runwayWeeks),
          })}
        </p>
        {/* Saved to the account a moment after each change (decision 182); said quietly, once. */}
        <p role="status" className="mt-1 min-h-5">
          {autosave.status === 'pending' ? t('scenarios.saving') : autosave.status === 'success' ? t('scenarios.saved') : null}
          {autosave.status === 'error' ? <span className="text-destructive">{t('scenarios.saveError')}</span> : null}
        </p>
      </div>
      <div id="scenario-cards" className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {scenarios.map((draft, index) => (
          <ScenarioCard
            key={draft.id}
            draft={draft}
            latest={baseline.latest}
            projection={results[index]!.projection}
            errors={results[index]!.errors}
            monthlyGrowth={results[index]!.monthlyGrowth ?? 0}
            measuredMonthlyGrowth={baseline.measuredMonthlyGrowth}
            money={money}
            axisMoney={axisMoney}
            numbers={style}
            onChange={(next) => update(index, next)}
            onRemove={scenarios.length > 1 ? () => setScenarios(scenarios.filter((_, i) => i !== index)) : null}
          />
        ))}
      </div>
      {scenarios.length < MAX_SCENARIOS && (
        <SecondaryButton id="scenario-add" className="self-start" onClick={() => setScenarios([...scenarios, { id: newId(), name: t('scenarios.defaultName', { number: scenarios.length + 1 }), ...(scenarios[0]?.growth ? { growth: scenarios[0].growth } : {}), changes: [] }])}>
          <Plus aria-hidden="true" className="size-4" />
          {t('scenarios.add')}
        </SecondaryButton>
      )}
    </div>
  );
}
