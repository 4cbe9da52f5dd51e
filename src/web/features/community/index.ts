/** What other features use of the community: the visibility setting (also on the profile page). */
export { VisibilitySetting } from './visibility-setting.tsx';
