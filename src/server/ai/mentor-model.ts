import type { Env } from '../env.ts';
import { createMentorModel, type MentorModel } from './provider.ts';

const models = new WeakMap<Env, MentorModel | null>();

/** The configured model for this app's settings, built once (providers keep connection pools). */
export function mentorModelFor(env: Env): MentorModel | null {
  if (!models.has(env)) models.set(env, createMentorModel(env.ai));
  return models.get(env) ?? null;
}
