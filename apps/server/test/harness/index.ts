export * from './server.ts';
export * from './services.ts';
