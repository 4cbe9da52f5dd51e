import { describe, expect, it } from 'vitest';
import { benchmarkFor, betterThanShare, midRankPercentile, MIN_PEERS } from '../../../src/core/metrics/benchmarks.ts';
import { isFutureWeek, isHistoricalWeek, latestRecordableWeek } from '../../../src/core/metrics/editing-window.ts';

describe('peer benchmark bands', () => {
  it('show nothing below 5 peers (k-anonymity)', () => {
    expect(MIN_PEERS).toBe(5);
    expect(midRankPercentile(2, 0, 4)).toBeNull();
    expect(benchmarkFor('mrr', 4, 0, 4)).toBeNull();
  });
  it('use the mid-rank: ties count half', () => {
    expect(midRankPercentile(3, 0, 5)).toBe(60);
    expect(midRankPercentile(0, 5, 5)).toBe(50);
    expect(midRankPercentile(0, 0, 5)).toBe(0);
    expect(midRankPercentile(5, 0, 5)).toBe(100);
  });
  it('flip "better than" for metrics where lower is better', () => {
    expect(betterThanShare('mrr', 4, 0, 5)).toBe(80);
    expect(betterThanShare('churnRate', 4, 0, 5)).toBe(20);
    expect(betterThanShare('cac', 1, 0, 10)).toBe(90);
  });
  it('report only the band: top quarter, middle half or bottom quarter, direction-aware', () => {
    // Five peers: the founder is better than 0, 20, 40, 60, 80 or 100 % of them.
    expect([0, 1, 2, 3, 4, 5].map((below) => benchmarkFor('mrr', below, 0, 5)?.band)).toEqual(['bottom', 'bottom', 'middle', 'middle', 'top', 'top']);
    expect(benchmarkFor('churnRate', 0, 0, 5)).toEqual({ band: 'top' });
    expect(benchmarkFor('mrr', 0, 5, 5)).toEqual({ band: 'middle' });
    expect(benchmarkFor('mrr', 3, 0, 4)).toBeNull();
    expect(benchmarkFor('mrr', 15, 0, 20)).toEqual({ band: 'top' });
    expect(benchmarkFor('mrr', 5, 0, 20)).toEqual({ band: 'bottom' });
  });
});

describe('editing window', () => {
  const wednesday = new Date('2026-11-18T12:00:00Z'); // 2026-W47
  it('keeps the current ISO week and the 3 before it open to everyone', () => {
    expect(isHistoricalWeek({ year: 2026, week: 47 }, wednesday)).toBe(false);
    expect(isHistoricalWeek({ year: 2026, week: 44 }, wednesday)).toBe(false);
    expect(isHistoricalWeek({ year: 2026, week: 43 }, wednesday)).toBe(true);
  });
  it('across a year end', () => {
    const newYear = new Date('2027-01-06T12:00:00Z'); // 2027-W01; 2026 has 53 weeks
    expect(isHistoricalWeek({ year: 2026, week: 51 }, newYear)).toBe(false);
    expect(isHistoricalWeek({ year: 2026, week: 50 }, newYear)).toBe(true);
  });
  it('refuses future weeks, with a day of grace for founders east of UTC', () => {
    expect(isFutureWeek({ year: 2026, week: 48 }, wednesday)).toBe(true);
    const sundayNight = new Date('2026-11-22T20:00:00Z');
    expect(latestRecordableWeek(sundayNight)).toEqual({ year: 2026, week: 48 });
    expect(isFutureWeek({ year: 2026, week: 48 }, sundayNight)).toBe(false);
    expect(isFutureWeek({ year: 2026, week: 49 }, sundayNight)).toBe(true);
  });
});
