export * from './server.ts';
export * from './services.ts';
export * from './engines.ts';
export * from './captured-log.ts';
export * from './demo-codes.ts';
// What the end-to-end tests use of the server besides the server itself: e2e/ imports the server
// only through this module (eslint.config.js), so its internals can move without breaking e2e.
export { ManualClock } from '../../src/product/clock.ts';
export { connectClient } from '../im-link/clients.ts';
export * from './cluster.ts';
export { runCommerceJob } from './commerce.ts';
export {
  FakeWechatOAuth,
  MINI_APP_ID,
  MINI_SECRET,
  OA_APP_ID,
  OA_SECRET,
} from '../product/fake-wechat-oauth.ts';
export * from './process.ts';
export { creditPoints } from './points.ts';
export { createConsoleAccount, type ConsoleRole } from './console.ts';
