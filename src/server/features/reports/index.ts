/** Founder reports (docs/reports.md): the investor update's routes and its signed-out share links, the saved scenarios and investor list. */
export type { InvestorUpdate, InvestorUpdateSummary, ShareLink, UpdateSent, UpdateShared } from './service.ts';
export type { PolishProposal } from './polish.ts';
export type { InvestorList, SavedScenarios, ScenariosSaved } from './routes.ts';
export { investorListRoutes, investorUpdateRoutes, scenarioRoutes, sharedUpdateRoutes } from './routes.ts';
