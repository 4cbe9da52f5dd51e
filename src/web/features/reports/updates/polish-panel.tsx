import { buttonClass } from '../../../components/form/buttons.ts';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SECTION_KEYS, type SectionKey, type Sections } from '../../../../core/reports/investor-update.ts';
import type { PolishFlag } from '../../../../core/reports/polish-check.ts';
import { useAiGate } from '../../../components/ai-gate.tsx';
import { SecondaryButton } from '../../../components/form/form-parts.tsx';
import { ApiError, detailKey } from '../../../lib/api-client.ts';
import { mentorStatusQuery } from '../../mentor/index.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { type InvestorUpdate, type PolishProposal, polishUpdate, useAcceptPolish } from './updates-api.ts';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the flagged numbers still stand in a section as the founder has edited it (a number edited away is resolved). */
function flaggedSpans(text: string, flags: readonly PolishFlag[]): [number, number][] {
  const raws = [...new Set(flags.map((flag) => flag.raw))];
  if (raws.length === 0) return [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${raws.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]);
}

/** The section's text with its unresolved numbers marked, each saying why. */
function Highlighted({ text, spans, why }: { text: string; spans: [number, number][]; why: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded bg-highlight/40 px-0.5 font-semibold text-foreground">
        {text.slice(start, end)}
        <span className="sr-only"> ({why})</span>
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * "Polish the wording" (decision 215): offered only when the server has a model (with the
 * offline mentor it says polishing needs one), through the AI gate. The model's proposal is
 * shown with every number it could not trace highlighted; a flagged section opens for
 * editing, and Accept waits until none is left. Accepting saves the next version.
 */
export function PolishPanel({ update, edited }: { update: InvestorUpdate; edited: boolean }) {
  const { t } = useTranslation('reports');
  useValidationTexts();
  const id = useId();
  const status = useQuery(mentorStatusQuery());
  const { guard, dialog } = useAiGate();
  const accept = useAcceptPolish(update.id);
  const [pending, setPending] = useState(false);
  const [proposal, setProposal] = useState<PolishProposal | null>(null);
  const [sections, setSections] = useState<Sections | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (proposal) heading.current?.focus();
  }, [proposal]);

  if (status.data?.offline) return <p className="text-sm text-muted-foreground">{t('updates.polish.needsModel')}</p>;
  if (!status.data) return null;

  async function requestProposal() {
    const result = await polishUpdate(update.id, update.version);
    setProposal(result);
    setSections(result.sections);
    const message = result.flags.length ? t('updates.polish.readyFlagged', { count: result.flags.length }) : t('updates.polish.ready');
    setAnnouncement(message);
  }

  async function onPolish() {
    setPending(true);
    setAnnouncement(t('updates.polish.pending'));
    try {
      await guard(requestProposal);
    } catch (error) {
      setAnnouncement('');
      showErrorToast(error, t('updates.polish.failed'));
    } finally {
      setPending(false);
    }
  }

  const discard = () => {
    setProposal(null);
    setSections(null);
    setAnnouncement(t('updates.polish.discarded'));
  };

  const spansOf = (key: SectionKey) => flaggedSpans(sections?.[key] ?? '', proposal?.flags.filter((flag) => flag.section === key) ?? []);
  const remaining = SECTION_KEYS.reduce((count, key) => count + spansOf(key).length, 0);
  const onAccept = () => {
    if (!proposal || !sections) return;
    accept.mutate(
      { basedOn: proposal.basedOn, sections },
      {
        onSuccess: (saved) => toast.success(t('updates.polish.accepted', { version: saved.version })),
        onError: (error) => {
          // The server's own check (a number the page did not catch, or a newer version): say which.
          const detail = error instanceof ApiError && Array.isArray(error.details) ? detailKey(error.details[0]) : undefined;
          if (detail?.startsWith('validation:reports.')) toast.error(t('updates.polish.acceptError'), { description: t(detail) });
          else showErrorToast(error, t('updates.polish.acceptError'));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SecondaryButton onClick={() => void onPolish()} disabled={edited || pending} aria-busy={pending || undefined} aria-describedby={edited ? `${id}-save-first` : undefined}>
          <Sparkles aria-hidden="true" className="size-4" />
          {pending ? t('updates.polish.pending') : t('updates.polish.action')}
        </SecondaryButton>
        {edited && (
          <p id={`${id}-save-first`} className="text-sm text-muted-foreground">
            {t('updates.polish.saveFirst')}
          </p>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {dialog}

      {proposal && sections && (
        <section aria-labelledby={`${id}-proposal`} className="flex flex-col gap-3 rounded-md border border-primary/40 p-3 sm:p-4">
          <h3 id={`${id}-proposal`} ref={heading} tabIndex={-1} className="font-semibold">
            {t('updates.polish.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('updates.polish.intro', { model: proposal.model, version: proposal.basedOn })}</p>
          <p className={remaining ? 'rounded-md border border-highlight/50 bg-highlight/10 p-3 text-sm' : 'text-sm'} data-testid="polish-check">
            {remaining ? t('updates.polish.flagged', { count: remaining }) : t('updates.polish.allFound')}
          </p>
          {SECTION_KEYS.filter((key) => sections[key].trim() || update.sections[key].trim()).map((key) => {
            const spans = spansOf(key);
            const flaggedHere = proposal.flags.some((flag) => flag.section === key);
            return (
              <div key={key} className="flex flex-col gap-1 border-t border-border pt-2">
                <h4 className="text-sm font-medium">{t(`updates.sections.${key}`)}</h4>
                <p className="text-sm break-words whitespace-pre-wrap" data-testid={`polished-${key}`}>
                  <Highlighted text={sections[key]} spans={spans} why={t('updates.polish.notFoundShort')} />
                </p>
                {spans.length > 0 && (
                  <ul className="list-disc pl-5 text-sm">
                    {[...new Set(spans.map(([start, end]) => sections[key].slice(start, end)))].map((number) => (
                      <li key={number}>{t('updates.polish.notFound', { number })}</li>
                    ))}
                  </ul>
                )}
                {flaggedHere && (
                  <>
                    <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
                      {t('updates.polish.edit', { section: t(`updates.sections.${key}`) })}
                    </label>
                    <textarea
                      id={`${id}-${key}`}
                      value={sections[key]}
                      rows={Math.min(10, Math.max(3, sections[key].split('\n').length + 1))}
                      maxLength={10_000}
                      onChange={(event) => setSections({ ...sections, [key]: event.target.value })}
                      className="w-full rounded-md border border-input bg-background p-3 font-mono text-sm"
                    />
                  </>
                )}
              </div>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={onAccept}
              disabled={remaining > 0 || accept.isPending}
              aria-busy={accept.isPending || undefined}
              className={buttonClass.primary}
            >
              {t('updates.polish.accept')}
            </button>
            <SecondaryButton onClick={discard}>{t('updates.polish.discard')}</SecondaryButton>
          </div>
        </section>
      )}
    </div>
  );
}
