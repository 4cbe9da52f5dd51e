import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { VISIBILITIES, type Visibility } from '../../../core/community/community.ts';
import { useCommunitySettings, useSetVisibility } from '../../lib/api/community-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

/**
 * How the founder appears in the community (decision 190): public (tier 2), anonymous
 * under their pseudonym, or hidden. Shown on /community and on the profile.
 */
export function VisibilitySetting() {
  const { t } = useTranslation('community');
  const settings = useCommunitySettings();
  const update = useSetVisibility();
  if (!settings.data) return <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  const { visibility, shownAs, pseudonym, premium } = settings.data;
  // The choice shows at once; it goes back if the server refuses it.
  const selected = update.isPending ? update.variables : visibility;
  const choose = (value: Visibility) =>
    update.mutate(value, { onSuccess: () => toast.success(t('visibility.saved')), onError: (error) => showErrorToast(error, t('visibility.saveError')) });
  return (
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
  );
}
