// Helpers for chatroom tests: a room made through the REST API, and real SDK Chatroom instances
// entering it, each with a recorder of its callbacks.
import { vi } from 'vitest';
import { Chatroom, type ChatroomMessage, type ChatroomOptions } from '@morsel/im-sdk';
import type { ImError } from '@morsel/protocol';
import type { TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from '../im-rest/nim-client.ts';

export const APP: AppCredentials = { appKey: 'chatroomApp01', secret: 'chatroom-secret-01' };

/** A /nimserver action's JSON reply, whose shape differs per action (the tests assert on it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type NimBody = Record<string, any>;

export async function rest(
  server: TestServer,
  action: string,
  form: Record<string, string>,
): Promise<NimBody> {
  const reply = await nimPost(server.url, action, form, APP);
  return reply.body as unknown as NimBody;
}

export async function createRoom(
  server: TestServer,
  form: Record<string, string> = {},
): Promise<string> {
  const body = await rest(server, 'chatroom/create', { creator: 'demo1', name: '直播间', ...form });
  if (body.code !== 200) throw new Error(`create failed: ${JSON.stringify(body)}`);
  return String(body.chatroom.roomid);
}

/** Everything a Chatroom instance reported, and a way to wait for it. */
export class RoomEvents {
  readonly batches: ChatroomMessage[][] = [];
  readonly disconnects: { code: unknown; reason?: string; custom?: string }[] = [];
  readonly errors: ImError[] = [];
  connects = 0;

  get msgs(): ChatroomMessage[] {
    return this.batches.flat();
  }

  texts(): string[] {
    return this.msgs.filter((m) => m.type === 'text').map((m) => m.text!);
  }

  notifications(): string[] {
    return this.msgs.filter((m) => m.type === 'notification').map((m) => m.attach!.type);
  }

  callbacks(): Pick<
    ChatroomOptions,
    'onconnect' | 'onerror' | 'onwillreconnect' | 'ondisconnect' | 'onmsgs'
  > {
    return {
      onconnect: () => this.connects++,
      onerror: (error) => this.errors.push(error),
      onwillreconnect: () => {},
      ondisconnect: (info) => this.disconnects.push(info),
      onmsgs: (msgs) => this.batches.push(msgs),
    };
  }
}

export const until = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

let devices = 0;

export interface Entered {
  room: Chatroom;
  events: RoomEvents;
}

export function chatroomFor(
  server: TestServer,
  chatroomId: string,
  who: { account: string; token: string } | { anonymous: string },
  extra: Partial<ChatroomOptions> = {},
): Entered {
  const events = new RoomEvents();
  const room = Chatroom.getInstance({
    appKey: APP.appKey,
    chatroomId,
    chatroomAddresses: [server.url],
    deviceId: `room-device-${++devices}`,
    reconnectionAttempts: 0,
    ...('anonymous' in who
      ? { isAnonymous: true, chatroomNick: who.anonymous }
      : { account: who.account, token: who.token }),
    ...events.callbacks(),
    ...extra,
  });
  return { room, events };
}
