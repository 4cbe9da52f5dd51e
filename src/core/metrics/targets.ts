import type { MetricKey, MetricsSnapshot } from './formulas.ts';

/**
 * The metric targets (docs/product.md#metric-targets) and the traffic light
 * every card shows: on target, near (within 20 % of the threshold, on the wrong
 * side) or off target.
 */
export type TargetDirection = 'above' | 'atLeast' | 'below';
export type Target = { direction: TargetDirection; threshold: number };
export type TargetStatus = 'on' | 'near' | 'off';

export const TARGETS = {
  paybackWeeks: { direction: 'below', threshold: 50 },
  ndr: { direction: 'above', threshold: 1.04 },
  revenueGrowth: { direction: 'atLeast', threshold: 0.2 },
  runwayWeeks: { direction: 'above', threshold: 40 },
  userGrowth: { direction: 'above', threshold: 0.04 },
  churnRate: { direction: 'below', threshold: 0.007 },
  ltvToCac: { direction: 'above', threshold: 5 },
} as const satisfies Partial<Record<MetricKey, Target>>;
export type TargetedMetric = keyof typeof TARGETS;

/** How far past the threshold, on the wrong side, still counts as near. */
export const NEAR_TOLERANCE = 0.2;

export function classify(value: number | null, target: Target): TargetStatus | null {
  if (value === null) return null;
  const { direction, threshold } = target;
  const onTarget =
    direction === 'above' ? value > threshold : direction === 'atLeast' ? value >= threshold : value < threshold;
  if (onTarget) return 'on';
  const distance = Math.abs(value - threshold);
  return distance <= NEAR_TOLERANCE * Math.abs(threshold) ? 'near' : 'off';
}

/** The status of every targeted metric in a snapshot; a founder who is not burning has all the runway they need. */
export function targetStatuses(snapshot: MetricsSnapshot): Record<TargetedMetric, TargetStatus | null> {
  const statuses = {} as Record<TargetedMetric, TargetStatus | null>;
  for (const key of Object.keys(TARGETS) as TargetedMetric[]) {
    statuses[key] = classify(snapshot[key], TARGETS[key]);
  }
  if (snapshot.runwayStatus === 'not-burning') statuses.runwayWeeks = 'on';
  return statuses;
}
