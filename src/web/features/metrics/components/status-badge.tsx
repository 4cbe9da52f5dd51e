import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TargetStatus } from '../../../../core/metrics/targets.ts';
import { cn } from '../../../lib/cn.ts';

export const STATUS_STYLES: Record<TargetStatus, { border: string; badge: string; icon: typeof CircleCheck }> = {
  on: { border: 'border-l-success', badge: 'bg-success/15 text-success-foreground', icon: CircleCheck },
  near: { border: 'border-l-warning', badge: 'bg-warning/15 text-warning-foreground', icon: CircleAlert },
  off: { border: 'border-l-destructive', badge: 'bg-destructive/15 text-destructive', icon: CircleX },
};

/** On target / near / off target, in words and an icon as well as colour. */
export function StatusBadge({ status }: { status: TargetStatus }) {
  const { t } = useTranslation('metrics');
  const { badge, icon: Icon } = STATUS_STYLES[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', badge)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}
