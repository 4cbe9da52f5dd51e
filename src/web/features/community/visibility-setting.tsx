import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { VISIBILITIES } from '../../../core/community/community-values.ts';
import { useCommunitySettings, useSetDirectMessages, useSetVisibility } from './community-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

/**
 * A setting whose choice shows at once, in the same render as the click (the mutation's own
 * state comes a moment later, and a controlled input would flick back meanwhile), is saved,
 * and goes back if the server refuses it.
 */
function useInstantChoice<Data, Value>(update: UseMutationResult<Data, Error, Value>, texts: { saved: string; saveError: string }) {
  const [chosen, setChosen] = useState<Value | null>(null);
  const choose = (value: Value) => {
    setChosen(value);
    update.mutate(value, {
      onSuccess: () => toast.success(texts.saved),
      onError: (error) => showErrorToast(error, texts.saveError),
      onSettled: () => setChosen(null),
    });
  };
  return { chosen, choose };
}

/**
 * How the founder appears in the community (decision 190): public (tier 2), anonymous
 * under their pseudonym, or hidden; and whether they accept direct messages (decision 220).
 * Shown on /community and on the profile.
 */
export function VisibilitySetting() {
  const { t } = useTranslation('community');
  const settings = useCommunitySettings();
  const update = useSetVisibility();
  const { chosen, choose } = useInstantChoice(update, { saved: t('visibility.saved'), saveError: t('visibility.saveError') });
  if (!settings.data) return <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  const { visibility, shownAs, pseudonym, premium } = settings.data;
  const selected = chosen ?? visibility;
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-col gap-2" data-testid="visibility-setting">
        <legend className="text-sm font-medium">{t('visibility.legend')}</legend>
        {VISIBILITIES.map((value) => {
          const locked = value === 'public' && !premium;
          return (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="community-visibility"
                value={value}
                checked={selected === value}
                disabled={locked || update.isPending}
                onChange={() => choose(value)}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{t(`visibility.${value}.label`)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`visibility.${value}.body`, { pseudonym })}
                  {locked ? ` ${t('visibility.premiumOnly')}` : ''}
                </span>
              </span>
            </label>
          );
        })}
        {shownAs !== visibility ? <p className="text-xs text-muted-foreground">{t('visibility.lapsed', { pseudonym })}</p> : null}
      </fieldset>
      <DirectMessagesSetting allowed={settings.data.allowDirectMessages} />
    </div>
  );
}

/** Whether other founders may write to the founder one to one (decision 220); on until they turn it off. */
function DirectMessagesSetting({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation('community');
  const update = useSetDirectMessages();
  const { chosen, choose } = useInstantChoice(update, { saved: t('visibility.directMessages.saved'), saveError: t('visibility.directMessages.saveError') });
  return (
    <label className="mt-2 flex items-start gap-2 border-t border-border pt-3 text-sm">
      <input type="checkbox" checked={chosen ?? allowed} disabled={update.isPending} onChange={(event) => choose(event.target.checked)} className="mt-1" data-testid="allow-direct-messages" />
      <span>
        <span className="font-medium">{t('visibility.directMessages.label')}</span>
        <span className="block text-xs text-muted-foreground">{t('visibility.directMessages.body')}</span>
      </span>
    </label>
  );
}
