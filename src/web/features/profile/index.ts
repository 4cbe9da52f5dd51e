/** What other features use of the profile: its fields (onboarding) and the language switcher. */
export { ProfileField, type ProfileFieldName } from './profile-field.tsx';
export { ProfileLanguageSwitcher } from './profile-language.tsx';
