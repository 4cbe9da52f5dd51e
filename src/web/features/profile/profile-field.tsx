import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PROFILE_TEXT_LIMITS } from '../../../core/profile/profile-fields.ts';
import { cleanText } from '../../../core/security/sanitize.ts';
import { type CharacterCount, ChoiceField, SelectField, SwitchField, TextField } from '../../components/form/fields.tsx';
import { useProfileOptions } from '../../lib/profile-options.ts';

/** Every profile field a founder fills in, in onboarding and on the profile page alike. */
export type ProfileFieldName =
  | 'fullName' | 'lastName' | 'nickname' | 'country' | 'startupName' | 'industry' | 'teamSize' | 'startupPhase'
  | 'startupWebpageUrl' | 'linkedinLink' | 'customerInformation' | 'founderCharacteristics' | 'coreProblemStatement'
  | 'emailRemindersEnabled' | 'emailMondayHour' | 'emailFridayHour' | 'timeZone' | 'currency';

const REQUIRED: ReadonlySet<ProfileFieldName> = new Set(['industry', 'teamSize', 'startupPhase']);
const TEXT: Partial<Record<ProfileFieldName, { autoComplete?: string; type?: 'url' | 'time'; multiline?: boolean }>> = {
  fullName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  nickname: { autoComplete: 'nickname' },
  startupName: { autoComplete: 'organization' },
  startupWebpageUrl: { type: 'url', autoComplete: 'url' },
  linkedinLink: { type: 'url' },
  customerInformation: { multiline: true },
  coreProblemStatement: { multiline: true },
  emailMondayHour: { type: 'time' },
  emailFridayHour: { type: 'time' },
};

/** The count shows from 80 % of a limit on (decision 035): out of the way until it matters. */
const COUNT_FROM = 0.8;

/** The field's character count once it nears its limit, counted as the server counts (sanitised). */
function characterCount(t: TFunction, name: ProfileFieldName, text: string): CharacterCount | undefined {
  const max = (PROFILE_TEXT_LIMITS as Partial<Record<ProfileFieldName, number>>)[name];
  if (max === undefined || text.length < max * COUNT_FROM) return undefined;
  const count = cleanText(text).length;
  if (count < max * COUNT_FROM) return undefined;
  return count > max
    ? { text: t('fields.countOver', { length: count, max, over: count - max }), over: true }
    : { text: t('fields.count', { length: count, max }), over: false };
}

export function ProfileField({
  name, value, onChange, error,
}: { name: ProfileFieldName; value: string | boolean; onChange: (value: string | boolean) => void; error?: string | undefined }) {
  const { t } = useTranslation('profile');
  const options = useProfileOptions();
  const required = REQUIRED.has(name);
  const label = t(`fields.${name}.label`) + (required ? ` ${t('fields.requiredMark')}` : '');
  const hint = t(`fields.${name}.hint`, { defaultValue: '' }) || undefined;
  const text = String(value ?? '');
  const common = { name, error, hint, required };

  switch (name) {
    case 'emailRemindersEnabled':
      return <SwitchField name={name} label={t(`fields.${name}.label`)} hint={hint} checked={value === true} onChange={onChange} />;
    case 'teamSize':
      return <ChoiceField {...common} label={label} value={text} onChange={onChange} options={options.teamSizes} />;
    case 'startupPhase':
      return <ChoiceField {...common} label={label} value={text} onChange={onChange} options={options.phases} />;
    case 'founderCharacteristics':
      return <ChoiceField {...common} label={label} value={text} onChange={onChange} options={options.founderTypes} />;
    case 'country':
      return <SelectField {...common} label={label} value={text} onChange={onChange} options={options.countries} placeholder={t('fields.choose')} />;
    case 'timeZone':
      return <SelectField {...common} label={label} value={text} onChange={onChange} options={options.timeZones} placeholder={t('fields.choose')} />;
    case 'currency':
      return <SelectField {...common} label={label} value={text} onChange={onChange} options={options.currencies} />;
    default:
      return <TextField {...common} {...TEXT[name]} label={label} value={text} onChange={onChange} count={characterCount(t, name, text)} />;
  }
}
