/** What other features use of onboarding: the onboarding form (the admin's preview). */
export { initialDraft, OnboardingForm, type OnboardingVariant } from './onboarding-form.tsx';
