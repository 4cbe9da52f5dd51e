import { Ban, Calculator, ClipboardList, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TaskDraft } from '../../../core/mentor/task-draft.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';
import { inConvention } from '../../../core/numbers/format-number.ts';
import { stashTaskDraft } from '../../lib/chat-flags.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { useNumberStyle } from './number-source.ts';

/** What one call looked at, in a short line: "Looked at: Churn rate (weekly), last 12 weeks". */
function useToolLine() {
  const { t } = useTranslation(['mentor', 'metrics']);
  const style = useNumberStyle();
  const money = (value: unknown) => {
    const amount = Number(value ?? 0);
    return `${amount >= 0 ? '+' : '−'}${inConvention(new Intl.NumberFormat(style.locale, { maximumFractionDigits: 2 }), style.convention)(Math.abs(amount))}`;
  };
  return (call: ToolCallRecord): string => {
    const input = call.input;
    if (!call.ok) return t('mentor:tools.refused');
    switch (call.name) {
      case 'metric_history':
        return t('mentor:tools.metricHistory', { metric: t(`metrics:metrics.${String(input.metric)}`, { defaultValue: String(input.metric) }), count: Number(input.weeks) });
      case 'tasks':
        return t(input.status === 'done' ? 'mentor:tools.tasksDone' : 'mentor:tools.tasksActive');
      case 'strategy':
        return t('mentor:tools.strategy');
      case 'search_notes':
        return t('mentor:tools.searchNotes', { query: String(input.query) });
      case 'project_runway':
        return t('mentor:tools.projectRunway', { costs: money(input.weeklyCostsChange), revenue: money(input.weeklyRevenueChange) });
      default:
        return t('mentor:tools.other');
    }
  };
}

const ICONS: Record<string, typeof Search> = { project_runway: Calculator };

/**
 * What the model looked at to answer, one small line per tool call, and each task it
 * drafted with a way to open it in the Tasks form (docs/mentor.md "Tools").
 */
export function ToolLines({ calls }: { calls: ToolCallRecord[] }) {
  const { t } = useTranslation('mentor');
  const line = useToolLine();
  const drafts = calls.flatMap((call) => {
    const draft = call.ok && call.name === 'draft_task' ? TaskDraft.safeParse(call.input) : null;
    return draft?.success ? [draft.data] : [];
  });
  const lookUps = calls.filter((call) => call.name !== 'draft_task' || !call.ok);
  return (
    <div className="mb-2 flex flex-col gap-2">
      {lookUps.length > 0 ? (
        <ul aria-label={t('tools.title')} className="flex flex-col gap-0.5 text-xs text-muted-foreground">
          {lookUps.map((call, index) => {
            const Icon = call.ok ? (ICONS[call.name] ?? Search) : Ban;
            return (
              <li key={index} className="flex items-start gap-1.5">
                <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {line(call)}
              </li>
            );
          })}
        </ul>
      ) : null}
      {drafts.map((draft, index) => (
        <div key={index} className="rounded-md border border-border bg-card p-3 text-sm">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <ClipboardList aria-hidden="true" className="size-3.5" />
            {t('tools.draft.title')}
          </p>
          <p className="mt-1">{draft.hypothesis}</p>
          <Link to="/high-performance-tasks?draft=chat" onClick={() => stashTaskDraft(draft)} className={`${buttonClass.secondary} mt-2`}>
            {t('tools.draft.open')}
          </Link>
        </div>
      ))}
    </div>
  );
}
