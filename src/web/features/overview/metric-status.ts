import type { MetricKey } from './api/resources.ts';

/**
 * Spec §9 targets as METRICS.md states them: on target, near (within 20 % of the
 * threshold on the wrong side), off target.
 */
export type TargetStatus = 'on' | 'near' | 'off';
type Target = { above?: number; below?: number };

export const METRIC_TARGETS: Partial<Record<MetricKey, Target>> = {
  paybackWeeks: { below: 50 },
  ndr: { above: 1.04 },
  runwayWeeks: { above: 40 },
  churnRate: { below: 0.007 },
  ltvToCac: { above: 5 },
};

const NEAR = 0.2;

export function targetStatus(key: MetricKey, value: number | null | undefined): TargetStatus | null {
  const target = METRIC_TARGETS[key];
  if (!target || value === null || value === undefined) return null;
  if (target.above !== undefined) {
    if (value > target.above) return 'on';
    return value >= target.above * (1 - NEAR) ? 'near' : 'off';
  }
  if (target.below !== undefined) {
    if (value < target.below) return 'on';
    return value <= target.below * (1 + NEAR) ? 'near' : 'off';
  }
  return null;
}
