/** What other features use of the AI context: entries, file sorting and upload parsing (the mentor's files), its source for the mentor. */
export { type IncomingFile, readContextFiles } from './files.ts';
export { type ContextEntries, isMultipart, parseForm, uploadLimit } from './routes.ts';
export { type ContextEntry, createEntry, type SavedEntry } from './service.ts';
export { contextEntriesSource } from './mentor-source.ts';
