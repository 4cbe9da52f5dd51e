import MiniSearch from 'minisearch';
import type { TargetedMetric } from '../../../core/mentor/metric-targets.ts';
import { PLAYBOOK, type Play } from '../../../core/mentor/playbook.ts';
import type { Diagnosis } from './diagnosis.ts';

export const iceTotal = (play: Play) => (play.ice.impact * play.ice.confidence * play.ice.ease) / 100;

/** Words that say nothing about the topic, in both languages, so "what should I do" matches no play by accident. */
export const STOP_WORDS = new Set(
  ('the and for what how should can could would this that with from about your you our are was were have has had into then than when which who why does did do my me is it to of in on a an be at or as by we i ' +
  'el la los las un una unos unas que qué como cómo para por con sin sobre este esta esto ese esa mis mi tu tus su sus yo es son fue ser hay del al lo le les se y o de en a debo debería puedo hago hacer ahora mes').split(' '),
);
/** Filler words and bare numbers ("10 customers") say nothing about which play fits. */
const processTerm = (term: string) => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) || /^\d+$/.test(lower) ? null : lower;
};

const playbookIndex = (() => {
  const index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'], idField: 'id', processTerm });
  index.addAll(PLAYBOOK.map((p) => ({ id: p.id, text: [p.area, p.keywords, p.en.title, p.en.hypothesis, p.es.title, p.es.hypothesis].join(' ') })));
  return index;
})();

/** How well each play matches the question, scaled to 0..1 (1 = the best match). */
function questionMatch(question: string): Map<string, number> {
  const hits = playbookIndex.search(question, { prefix: true, fuzzy: 0.15, combineWith: 'OR' });
  const best = hits[0]?.score ?? 0;
  return new Map(hits.map((hit) => [String(hit.id), best > 0 ? hit.score / best : 0]));
}

/** Nine months, in weeks: the runway a founder should still have when a round starts. */
const RAISE_EARLY_WEEKS = 39;

/** Plays that would contradict the founder's data: one for a metric already on target, "start raising with nine months left" to a founder with less. */
function fitsTheData(play: Play, onTarget: ReadonlySet<TargetedMetric>, runwayWeeks: number | null | undefined) {
  if (play.metric && onTarget.has(play.metric as TargetedMetric)) return false;
  if (play.id === 'fund-start-early' && typeof runwayWeeks === 'number' && runwayWeeks < RAISE_EARLY_WEEKS) return false;
  return true;
}

/**
 * The plays to propose, best first: those for the off-target metrics lead, and the play
 * that best answers the question keeps the second place, so the founder gets both what
 * the numbers need and what they asked. Ties go to the higher ICE, then the id. A play
 * the data contradicts is never proposed.
 */
export function choosePlays(
  question: string,
  diagnosis: Diagnosis[],
  count = 3,
  data: { onTarget?: ReadonlySet<TargetedMetric>; runwayWeeks?: number | null } = {},
): Play[] {
  const onTarget = data.onTarget ?? new Set(diagnosis.filter((d) => d.status === 'on').map((d) => d.target.key));
  const match = questionMatch(question);
  const pressure = new Map<string, number>();
  for (const item of diagnosis) if (item.status !== 'on') pressure.set(item.target.key, item.status === 'off' ? 2 : 1);
  const byScore = (score: (play: Play) => number) =>
    PLAYBOOK.filter((play) => fitsTheData(play, onTarget, data.runwayWeeks)).sort((a, b) => score(b) - score(a) || iceTotal(b) - iceTotal(a) || a.id.localeCompare(b.id));
  const byNeed = byScore((play) => (pressure.get(play.metric ?? '') ?? 0) + (match.get(play.id) ?? 0));
  const byQuestion = byScore((play) => match.get(play.id) ?? 0).filter((play) => (match.get(play.id) ?? 0) >= 0.6);
  const ordered = pressure.size > 0 ? [byNeed[0], byQuestion[0], ...byNeed.slice(1)] : [...byQuestion, ...byNeed];
  return [...new Set(ordered.filter((play): play is Play => play !== undefined))].slice(0, count);
}
