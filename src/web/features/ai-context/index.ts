/** What other features use of the AI context: the entries' query (the mentor shows what it knows). */
export { contextEntriesQuery } from './context-entries-query.ts';
