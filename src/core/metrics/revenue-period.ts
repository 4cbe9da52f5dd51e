/**
 * Revenue typed per month, recorded per week (decision 116). The metric formulas (docs/product.md#metric-formulas) turn a week into a
 * month with MRR = weekly revenue × 52 ÷ 12, so a month becomes a week with the inverse,
 * × 12 ÷ 52, rounded to the cent. A week's figure read back as a month and turned into a
 * week again is the same figure; the month the founder typed is kept beside the week so
 * it reads back exactly too (10,000 a month is 2,307.69 a week, which is 9,999.99 a month).
 */

/** The weekly figure of a monthly amount: × 12 ÷ 52 (= × 3 ÷ 13), to the cent. */
export function weeklyFromMonthly(monthly: number): number {
  const cents = Math.round(monthly * 100);
  // 3 × cents ÷ 13 is never halfway between two cents (6 × cents is even, 13 × odd is odd): no tie to break.
  return Math.round((cents * 3) / 13) / 100;
}

/** The monthly figure of a weekly amount: × 52 ÷ 12 (= × 13 ÷ 3), to the cent, as the MRR of docs/product.md#metric-formulas. */
export function monthlyFromWeekly(weekly: number): number {
  const cents = Math.round(weekly * 100);
  return Math.round((cents * 13) / 3) / 100;
}
