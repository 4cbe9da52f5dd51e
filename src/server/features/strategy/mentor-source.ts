import { numbersIn } from '../../../core/mentor/number-check.ts';
import { getStrategy } from './service.ts';
import type { ContextSource } from '../../ai/context/types.ts';

/**
 * The current strategy (its highest version): core problem, maximas and statement.
 * Pinned: it is short and frames every answer. Before the first save there is none to
 * give (version 0 only echoes the profile's core problem, which the profile carries).
 */
export const strategySource: ContextSource = {
  name: 'strategy',
  async load({ db, userId }) {
    const strategy = await getStrategy(db, userId);
    if (strategy.version === 0) return { chunks: [] };
    const text = [
      `Core problem: ${strategy.coreProblem}`,
      `Maximas:\n${strategy.maximas.map((maxima, i) => `${i + 1}. ${maxima}`).join('\n')}`,
      `Strategy statement: ${strategy.statement}`,
    ].join('\n');
    return {
      chunks: [
        {
          id: 'strategy',
          source: 'strategy',
          title: `Current strategy (version ${strategy.version})`,
          text,
          pinned: true,
          updatedAt: strategy.savedAt ? new Date(strategy.savedAt) : undefined,
          numbers: numbersIn(text, 'note', 'strategy'),
        },
      ],
      facts: {
        strategy: { version: strategy.version, coreProblem: strategy.coreProblem, maximas: strategy.maximas, statement: strategy.statement },
      },
    };
  },
};
