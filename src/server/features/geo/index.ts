/** What the browser reads of geolocation: the type of its answer (docs/decisions/136-one-typed-contract.md). */
export type { VisitorCountry } from './routes.ts';
