import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The layout's figures (docs/decisions/135-layout-and-boundaries.md), as `npm run imports`
 * prints them: lint already refuses an import across features or up from the
 * infrastructure, but only this report sees a loop through type imports, which lint allows.
 */
describe('the import report', () => {
  it('finds no import loop and no arrow across or up the layout', () => {
    const report = execFileSync(process.execPath, ['scripts/import-report.ts'], { encoding: 'utf8' });
    const figures = report
      .trim()
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(.+)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[2], Number(match[1])] as const);
    expect(figures.length).toBeGreaterThanOrEqual(6);
    expect(Object.fromEntries(figures)).toEqual(Object.fromEntries(figures.map(([label]) => [label, 0])));
  });
});
