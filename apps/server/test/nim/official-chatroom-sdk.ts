// The official NIM Chatroom SDK (NIM_Web_Chatroom_nodejs.js) in tests: instances pointed at a
// Morsel server's NIM link by `chatroomAddresses`, each with a recorder of its callbacks, beside
// members of our own SDK; `done(error, result)` calls as promises. Shapes as NIM's dist/types
// declare them (chatroom/*.d.ts).
import { createRequire } from 'node:module';
import type { TestServer } from '../harness/index.ts';
import { APP, chatroomFor, type Entered } from '../chatroom/rooms.ts';

const require = createRequire(import.meta.url);

export type OfficialChatroom = Record<string, (...args: unknown[]) => unknown> & {
  destroy(options?: { done?: () => void }): void;
};
interface OfficialChatroomClass {
  getInstance(options: Record<string, unknown>): OfficialChatroom;
}
export interface NimRoomMsg {
  chatroomId: string;
  idClient: string;
  from: string;
  fromNick: string;
  type: string;
  flow: 'in' | 'out';
  text?: string;
  content?: string;
  attach?: {
    type: string;
    from?: string;
    to?: string[];
    custom?: string;
    tags?: string[];
    duration?: number;
    queueChange?: Record<string, unknown>;
  };
  resend: boolean;
  time: number;
}

let loaded: OfficialChatroomClass | undefined;
function officialChatroomClass(): OfficialChatroomClass {
  if (loaded) return loaded;
  const module = require('@yxim/nim-web-sdk/dist/SDK/NIM_Web_Chatroom_nodejs.js') as
    OfficialChatroomClass | { default: OfficialChatroomClass };
  loaded = 'default' in module ? module.default : module;
  return loaded;
}

export interface OfficialRoom {
  room: OfficialChatroom;
  msgs: NimRoomMsg[];
  disconnects: Record<string, unknown>[];
  connected: Promise<{ chatroom: Record<string, unknown>; member: Record<string, unknown> }>;
}

/** Calls a Chatroom SDK method reporting through `done(error, result)`. */
export function call<T>(
  room: OfficialChatroom,
  method: string,
  options: Record<string, unknown> = {},
) {
  return new Promise<T>((resolve, reject) => {
    room[method]!({
      ...options,
      done: (error: unknown, result: T) => (error ? reject(error) : resolve(result)),
    });
  });
}

/** A method whose `done(error, params, content)` carries its result third (peak, queuePoll...). */
export function callForContent<T>(room: OfficialChatroom, method: string, options = {}) {
  return new Promise<T>((resolve, reject) => {
    room[method]!({
      ...options,
      done: (error: unknown, _params: unknown, content: T) =>
        error ? reject(error) : resolve(content),
    });
  });
}

/** The code an SDK call failed with, or 200. */
export const codeOf = (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (error: { code?: unknown }) => error.code,
  );

/** Official and our own room members of one test server, destroyed by `leaveAll`. */
export function roomMembers(server: () => TestServer) {
  const officials: OfficialChatroom[] = [];
  const ours: Entered[] = [];
  const demo = (index: number) => server().server.seeded.demoAccounts[index]!;

  function enterOfficial(chatroomId: string, who: Record<string, unknown>): OfficialRoom {
    const msgs: NimRoomMsg[] = [];
    const disconnects: Record<string, unknown>[] = [];
    let connected!: (value: Awaited<OfficialRoom['connected']>) => void;
    let failed!: (error: unknown) => void;
    const promise = new Promise<Awaited<OfficialRoom['connected']>>((resolve, reject) => {
      connected = resolve;
      failed = reject;
    });
    const room = officialChatroomClass().getInstance({
      appKey: APP.appKey,
      chatroomId,
      chatroomAddresses: [new URL(server().url).host],
      secure: false,
      db: false,
      debug: process.env.NIM_DEBUG === '1',
      privateConf: { isDataReportEnable: false, isABTestEnable: false },
      ...who,
      onconnect: connected,
      onerror: failed,
      ondisconnect: (info: Record<string, unknown>) => {
        disconnects.push(info);
        failed(info);
      },
      onwillreconnect: () => {},
      onmsgs: (batch: NimRoomMsg[]) => msgs.push(...batch),
    });
    officials.push(room);
    return { room, msgs, disconnects, connected: promise };
  }

  /** A demo account through the official SDK, entered. */
  async function officialAs(
    chatroomId: string,
    index: number,
    extra: Record<string, unknown> = {},
  ) {
    const one = enterOfficial(chatroomId, {
      account: demo(index).accid,
      token: demo(index).token,
      ...extra,
    });
    await one.connected;
    return one;
  }

  async function enterOurs(chatroomId: string, index: number): Promise<Entered> {
    const one = chatroomFor(server(), chatroomId, {
      account: demo(index).accid,
      token: demo(index).token,
    });
    ours.push(one);
    await one.room.connect();
    return one;
  }

  /** One official member leaves the room now (its instance destroyed). */
  async function leave(one: OfficialRoom): Promise<void> {
    officials.splice(officials.indexOf(one.room), 1);
    await new Promise<void>((resolve) => one.room.destroy({ done: resolve }));
  }

  async function leaveAll(): Promise<void> {
    await Promise.all(
      officials.splice(0).map((room) => new Promise<void>((r) => room.destroy({ done: r }))),
    );
    await Promise.all(ours.splice(0).map((one) => one.room.destroy()));
  }

  return { demo, enterOfficial, officialAs, enterOurs, leave, leaveAll };
}
