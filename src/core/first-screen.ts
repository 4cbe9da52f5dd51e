/**
 * The element ids of a signed-in page whose first screen the server drew (decision 315), shared
 * by the server that writes them (src/server/http/first-screen.ts) and the browser that reads
 * them (src/web/boot.ts, src/web/app/first-screen.ts).
 */

/** The drawing, shown and inert until the app takes its place. */
export const FIRST_SCREEN_ID = 'first-screen';
/** The data the drawing was made from, as JSON: the app starts with it. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
/** The shell's preloads, added to the page once it is painted. */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';

/** One of the app's routes, read by the server in-process as the visitor: its status and JSON body. */
export type ReadOwn = (url: string) => Promise<{ status: number; body: unknown }>;
