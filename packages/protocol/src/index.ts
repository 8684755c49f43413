export * from './constants.ts';
export * from './codes.ts';
export * from './codec.ts';
export * from './commands/index.ts';
export * from './commands/message.ts';
export * from './message-rules.ts';
export * from './versions.ts';
