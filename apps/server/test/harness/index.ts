export * from './server.ts';
export * from './services.ts';
export * from './captured-log.ts';
export * from './demo-codes.ts';
