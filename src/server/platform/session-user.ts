/** The signed-in founder (or admin) as every handler and the session check see them. */
export type SessionUser = { id: string; email: string; name: string };
