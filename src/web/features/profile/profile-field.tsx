import { useTranslation } from 'react-i18next';
import { TITLE_MAX } from '../../../core/security/validate.ts';
import { ChoiceField, SelectField, SwitchField, TextField } from '../../components/form/fields.tsx';
import { useProfileOptions } from './profile-options.ts';

/** Every profile field a founder fills in, in onboarding and on the profile page alike. */
export type ProfileFieldName =
  | 'fullName' | 'lastName' | 'nickname' | 'country' | 'startupName' | 'industry' | 'teamSize' | 'startupPhase'
  | 'startupWebpageUrl' | 'linkedinLink' | 'customerInformation' | 'founderCharacteristics' | 'coreProblemStatement'
  | 'emailRemindersEnabled' | 'emailMondayHour' | 'emailFridayHour' | 'timeZone' | 'currency';

const REQUIRED: ReadonlySet<ProfileFieldName> = new Set(['industry', 'teamSize', 'startupPhase']);
const TEXT: Partial<Record<ProfileFieldName, { autoComplete?: string; type?: 'url' | 'time'; multiline?: boolean; maxLength?: number }>> = {
  fullName: { autoComplete: 'given-name', maxLength: TITLE_MAX },
  lastName: { autoComplete: 'family-name', maxLength: TITLE_MAX },
  nickname: { autoComplete: 'nickname', maxLength: TITLE_MAX },
  startupName: { autoComplete: 'organization', maxLength: TITLE_MAX },
  industry: { maxLength: TITLE_MAX },
  startupWebpageUrl: { type: 'url', autoComplete: 'url' },
  linkedinLink: { type: 'url' },
  customerInformation: { multiline: true },
  coreProblemStatement: { multiline: true },
  emailMondayHour: { type: 'time' },
  emailFridayHour: { type: 'time' },
};

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
      return <TextField {...common} {...TEXT[name]} label={label} value={text} onChange={onChange} />;
  }
}
