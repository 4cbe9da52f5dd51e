import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { ContextSource, ProfileFacts } from '../../ai/context/types.ts';

const line = (label: string, value: string | null) => (value ? `${label}: ${value}` : null);

/** The startup as the founder described it in onboarding and the profile. */
export const profileSource: ContextSource = {
  name: 'profile',
  async load({ db, userId }) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) return { chunks: [] };
    const profile: ProfileFacts = {
      name: row.nickname ?? row.fullName,
      startupName: row.startupName,
      industry: row.industry,
      startupPhase: row.startupPhase,
      teamSize: row.teamSize,
      customerInformation: row.customerInformation,
      coreProblem: row.coreProblemStatement,
      currency: row.currency,
      country: row.country,
    };
    const text = [
      line('Founder', profile.name),
      line('Startup', profile.startupName),
      line('Industry', profile.industry),
      line('Phase', profile.startupPhase),
      line('Team size', profile.teamSize),
      line('Customers', profile.customerInformation),
      line('Founder type', row.founderCharacteristics),
      line('Core problem', profile.coreProblem),
      line('Currency', row.currency),
    ]
      .filter(Boolean)
      .join('\n');
    return {
      chunks: [{ id: 'profile', source: 'profile', title: 'Founder and startup', text, pinned: true, updatedAt: row.updatedAt }],
      facts: { profile },
    };
  },
};
