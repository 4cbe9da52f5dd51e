/** Founder reports (docs/reports.md): the investor update's routes and its signed-out share links. */
export { investorUpdateRoutes, sharedUpdateRoutes } from './routes.ts';
