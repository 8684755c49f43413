// Chatroom.getInstance with document 2's option rules. Rooms use their own connection; the
// chatroom service itself lands with the chatroom issue, and until then connecting answers
// Not_Support rather than pretending.
import { ImError } from '@morsel/protocol';
import type { Done } from './util/done.ts';
import { withDone } from './util/done.ts';

export interface ChatroomOptions {
  appKey: string;
  account?: string;
  token?: string;
  chatroomId: string;
  chatroomAddresses: string[];
  isAnonymous?: boolean;
  chatroomNick?: string;
  chatroomAvatar?: string;
  onconnect?(): void;
  onerror?(error: ImError): void;
  onwillreconnect?(info: { retryCount: number; duration: number }): void;
  ondisconnect?(info: unknown): void;
  onmsgs?(msgs: unknown[]): void;
}

const rooms = new Map<string, Chatroom>();

/** Checks options per document 2: appKey, account, chatroomId, chatroomAddresses (array), and a
 * token unless anonymous; anonymous guests need a nick and get a generated account. */
export function resolveChatroomOptions(
  options: ChatroomOptions,
): ChatroomOptions & { account: string } {
  for (const field of ['appKey', 'chatroomId'] as const) {
    if (typeof options[field] !== 'string' || options[field] === '')
      throw new ImError('Param_Error', `${field} is required`);
  }
  if (!Array.isArray(options.chatroomAddresses) || options.chatroomAddresses.length === 0) {
    throw new ImError('Param_Error', 'chatroomAddresses must be a non-empty array');
  }
  if (options.isAnonymous) {
    if (!options.chatroomNick)
      throw new ImError('Param_Error', 'an anonymous guest needs chatroomNick');
    return {
      ...options,
      account: options.account || `anon_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`,
    };
  }
  if (!options.account) throw new ImError('Param_Error', 'account is required');
  if (!options.token) throw new ImError('Param_Error', 'token is required unless isAnonymous');
  return { ...options, account: options.account };
}

export class Chatroom {
  static getInstance(options: ChatroomOptions): Chatroom {
    const resolved = resolveChatroomOptions(options);
    const key = `${resolved.appKey}\u0000${resolved.chatroomId}\u0000${options.isAnonymous ? 'anonymous' : resolved.account}`;
    let room = rooms.get(key);
    if (room) room.options = { ...room.options, ...resolved };
    else rooms.set(key, (room = new Chatroom(resolved, key)));
    return room;
  }

  private constructor(
    private options: ChatroomOptions & { account: string },
    private readonly key: string,
  ) {}

  get account(): string {
    return this.options.account;
  }

  connect(options: { done?: Done<void> } = {}): Promise<void> {
    const error = new ImError('Not_Support', 'chatrooms are not supported by this SDK version yet');
    this.options.onerror?.(error);
    return withDone(Promise.reject(error), options.done);
  }

  destroy(options: { done?: Done<void> } = {}): Promise<void> {
    rooms.delete(this.key);
    return withDone(Promise.resolve(), options.done);
  }
}
