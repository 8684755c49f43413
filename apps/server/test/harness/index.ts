export * from './server.ts';
export * from './services.ts';
export * from './captured-log.ts';
