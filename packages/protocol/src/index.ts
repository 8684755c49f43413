export * from './constants.ts';
export * from './codes.ts';
export * from './codec.ts';
export * from './commands/index.ts';
export * from './versions.ts';
