// Service link (1) and misc (6) commands that need no domain data.
import { LINK, PROTOCOL_VERSION, SERVER_VERSION } from '@morsel/protocol';
import type { HandlerTable } from './types.ts';

/** How often clients should send the application heartbeat (mobile SDK default 60 s). */
export const HEARTBEAT_MS = LINK.heartbeatIntervalMs;

export const linkHandlers: HandlerTable = {
  async negotiateTransport() {
    return {
      serverVersion: SERVER_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      heartbeatMs: HEARTBEAT_MS,
    };
  },
  async initTransport() {},
  async getServerTime({ now }) {
    return { time: now() };
  },
  // No CDN in front of stored files: clients keep the URLs files were stored with.
  async getNosCdnHost() {
    return { expire: 0 };
  },
};
