export * from './iso-week.ts';
export * from './week-record.ts';
export * from './formulas.ts';
export * from './targets.ts';
export * from './csv.ts';
export * from './benchmarks.ts';
export * from './editing-window.ts';
