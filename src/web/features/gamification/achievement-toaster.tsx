import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { gamificationQueryKey, gamificationQueryOptions, markBadgesSeen } from './gamification-api.ts';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';

/**
 * Announces achievements unlocked since the founder last looked (wherever they were
 * earned), once each: a toast per badge, then the server marks them seen. Mounted once
 * in the protected area's shell. It reads and announces once the page's first screen has
 * been painted: the toasts and the read never hold that screen back (decision 233).
 */
export function AchievementToaster() {
  const { t } = useTranslation('gamification');
  const queryClient = useQueryClient();
  const painted = useAfterFirstPaint();
  const { data } = useQuery({ ...gamificationQueryOptions(), enabled: painted });
  const announced = useRef(new Set<string>());

  useEffect(() => {
    if (!painted) return;
    const fresh = (data?.newBadges ?? []).filter((key) => !announced.current.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) {
      announced.current.add(key);
      toast.success(t('toast.unlocked', { name: t(`achievements.${key}.name`) }), {
        description: t(`achievements.${key}.description`),
      });
    }
    markBadgesSeen(fresh).then(
      (standing) => queryClient.setQueryData(gamificationQueryKey, standing),
      // Not marked seen: it is announced again on the next visit, which is harmless.
      () => undefined,
    );
  }, [painted, data?.newBadges, queryClient, t]);

  return null;
}
