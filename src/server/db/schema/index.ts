export * from './auth.ts';
export * from './profile.ts';
export * from './tasks.ts';
export * from './two-factor.ts';
export * from './security.ts';
export * from './metrics.ts';
export * from './mentor.ts';
export * from './billing.ts';
