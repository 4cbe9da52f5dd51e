import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { gamificationQueryKey, markBadgesSeen, useGamification } from '../../lib/api/gamification-api.ts';

/**
 * Announces achievements unlocked since the founder last looked (wherever they were
 * earned), once each: a toast per badge, then the server marks them seen. Mounted once
 * in the protected area's shell.
 */
export function AchievementToaster() {
  const { t } = useTranslation('gamification');
  const queryClient = useQueryClient();
  const { data } = useGamification();
  const announced = useRef(new Set<string>());

  useEffect(() => {
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
  }, [data?.newBadges, queryClient, t]);

  return null;
}
