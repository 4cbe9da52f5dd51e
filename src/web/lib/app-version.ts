declare const __APP_VERSION__: string | undefined;

/**
 * The version of the build the browser runs (package.json's, put in by vite.config.ts):
 * feedback carries it, since a tab left open may run an older build than the server.
 */
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
