import { describe, expect, it } from 'vitest';
import type { MentorContext } from '../../../src/server/ai/context/build-context.ts';
import { choosePlays, diagnose } from '../../../src/server/ai/offline/offline-mentor.ts';

const profile = { name: 'Cami', startupName: 'Tiendita AI', industry: 'Retail', startupPhase: 'early-growth', teamSize: '2-5', customerInformation: null, coreProblem: null };

function context(values: NonNullable<MentorContext['facts']['metrics']>['values'] | null): MentorContext {
  return { facts: { profile, ...(values ? { metrics: { year: 2026, week: 46, values } } : {}) }, chunks: [], omitted: 0, numbers: [] };
}

describe('choosing plays', () => {
  it('matches the topic of the question, not its filler words, in both languages', () => {
    expect(choosePlays('How long is my runway, and what should I do about it?', [])[0]!.id).toBe('fund-runway-plan');
    expect(choosePlays('¿Cuánta pista (runway) tengo y qué debo hacer al respecto?', [])[0]!.id).toBe('fund-runway-plan');
    expect(choosePlays('How do I find my first 10 paying customers?', [])[0]!.id).toBe('acq-founder-outbound');
    expect(choosePlays('¿Debería subir mis precios?', [])[0]!.area).toBe('pricing');
  });
  it('answers what was asked too: a pricing question with a short runway gets a runway play and a pricing play', () => {
    const plays = choosePlays('Should I raise my prices?', diagnose(context({ runwayWeeks: 22 })));
    expect(plays[0]!.metric).toBe('runwayWeeks');
    expect(plays[1]!.area).toBe('pricing');
  });

  it('never chooses a play the data contradicts: none for an on-target metric, no "raise with 9 months left" to a founder with less', () => {
    const titles = choosePlays('Should I raise a seed round?', diagnose(context({ runwayWeeks: 30, churnRate: 0.002 })), 10, { runwayWeeks: 30 }).map((play) => play.id);
    expect(titles).not.toContain('fund-start-early');
    for (const id of titles) expect(['ret-churn-interviews', 'ret-health-score', 'ret-annual-plans', 'focus-icp']).not.toContain(id);
  });
});

describe('the offline task draft', () => {
  it('drafts the play for the worst metric with its target, valid for the Tasks form', async () => {
    const { offlineTaskDraft } = await import('../../../src/server/ai/task-draft.ts');
    const { TaskDraft } = await import('../../../src/core/mentor/task-draft.ts');
    const draft = offlineTaskDraft(context({ runwayWeeks: 22 }), 'en');
    expect(TaskDraft.parse(draft)).toEqual(draft);
    expect(draft).toMatchObject({ metric: 'runwayWeeks', targetValue: 40 });
    expect(draft.whyRelevant).toContain('furthest from its target');
    expect(offlineTaskDraft(context({ churnRate: 0.03 }), 'es-LA')).toMatchObject({ metric: 'churnRate', targetValue: 0.007 });
  });
});

describe('the offline strategy draft', () => {
  it('starts from the metric furthest from its target, and every part can be saved as it is', async () => {
    const { offlineStrategyDraft } = await import('../../../src/server/ai/strategy-draft.ts');
    const { StrategyInput } = await import('../../../src/core/strategy/strategy-schema.ts');
    const draft = offlineStrategyDraft(context({ runwayWeeks: 22, churnRate: 0.004 }), 'en');
    expect(StrategyInput.parse(draft)).toEqual(draft);
    expect(draft.coreProblem).toBe('Runway is 22 weeks (target above 40 weeks), and until it gets there Tiendita AI cannot grow in a way that lasts.');
    expect(draft.maximas).toHaveLength(3);
    expect(draft.maximas[0]).toBe(choosePlays(draft.coreProblem, diagnose(context({ runwayWeeks: 22, churnRate: 0.004 })), 1)[0]!.en.title);
    expect(draft.statement).toContain(`This quarter Tiendita AI bets on 3 things: ${draft.maximas.join('; ')}.`);
  });

  it('keeps what the founder wrote, and speaks Spanish with tú when asked', async () => {
    const { offlineStrategyDraft } = await import('../../../src/server/ai/strategy-draft.ts');
    const own = { coreProblem: 'Nuestros clientes no vuelven después de la primera compra.', maximas: ['Llamar a cada cliente que se va', 'Cobrar desde el primer día'] };
    const draft = offlineStrategyDraft(context(null), 'es-LA', own);
    expect(draft.coreProblem).toBe(own.coreProblem);
    expect(draft.maximas).toEqual(own.maximas);
    expect(draft.statement).toBe('Este trimestre Tiendita AI apuesta por 2 cosas: Llamar a cada cliente que se va; Cobrar desde el primer día. Lo que no sirva a estas apuestas puede esperar.');
  });

  it('with no metrics and no words of the founder, names the question every early startup must answer', async () => {
    const { offlineStrategyDraft } = await import('../../../src/server/ai/strategy-draft.ts');
    const draft = offlineStrategyDraft(context(null), 'en', { coreProblem: 'too short', maximas: ['short'] });
    expect(draft.coreProblem).toBe('Tiendita AI has not yet proven that its customers need it enough to pay for it week after week.');
    expect(draft.maximas).toHaveLength(3);
    for (const maxima of draft.maximas) expect(maxima.length).toBeGreaterThanOrEqual(10);
  });
});
