/** Founder reports (docs/reports.md): the investor update's routes and its signed-out share links, the saved scenarios and investor list. */
export { investorListRoutes, investorUpdateRoutes, scenarioRoutes, sharedUpdateRoutes } from './routes.ts';
