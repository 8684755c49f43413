// What can be done to a room, by whom: identities, mutes, kicks, room changes, the queue, and the
// notifications (301-320) each change sends. The chatroom link's handlers and the REST actions
// both come here, so every rule is checked once, on the server.
import { randomUUID } from 'node:crypto';
import {
  CHATROOM_NOTIFICATIONS,
  namedTags,
  parseTagExpression,
  type ChatroomMsgInfo,
  type ChatroomNotificationId,
} from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { RoomBatcher } from './batcher.ts';
import type { RoomFanout } from './fanout.ts';
import type { ChatroomStore, MemberRow, RoomChanges, RoomRow } from './store.ts';
import { isAdmin } from './views.ts';

/** Who acts: a member of the room, or the app backend (REST without an operator). */
export type Actor = { accid: string } | { server: true };

export interface RoomRef {
  appKey: string;
  roomId: number;
}

export const roomKeyOf = ({ appKey, roomId }: RoomRef) => `${appKey}:${roomId}`;

export const NOT_FOUND = () => new CommandError(404, 'chatroom not found');
/** The refusal an anonymous guest's message gets in a room whose guests only read. */
export const GUESTS_SILENT_MESSAGE = 'anonymous guests may read this chatroom but not speak';

export const CLOSED = () => new CommandError(13002, 'chatroom state abnormal: the room is closed');

export interface QueueElementIn {
  elementKey: string;
  elementValue: string;
  transient?: boolean;
}

/** A member's message just sent into a room (message copies listen: NIM's eventType 4). */
export interface ChatroomSent {
  appKey: string;
  msg: ChatroomMsgInfo;
  /** The sender's address (the server API's caller for chatroom/sendMsg). */
  ip: string;
}

/** An offered element: its owner may be another member than the actor (NIM's elementAccount). */
export interface QueueOfferIn extends QueueElementIn {
  elementAccount?: string;
}

export class Rooms {
  /** Told of each member's message once it is queued for the room (never of notifications). */
  readonly sent: ((sent: ChatroomSent) => void)[] = [];

  constructor(
    private readonly store: ChatroomStore,
    private readonly fanout: RoomFanout,
    private readonly batcher: RoomBatcher,
    readonly now: () => number,
  ) {}

  /** The room, open; 404 when it does not exist, 13002 when closed. */
  async openRoom(ref: RoomRef): Promise<RoomRow> {
    const room = await this.store.room(ref.appKey, ref.roomId);
    if (!room) throw NOT_FOUND();
    if (room.closed) throw CLOSED();
    return room;
  }

  /** Sends a notification into the room's batch (not kept in history). */
  async notify(
    ref: RoomRef,
    id: ChatroomNotificationId,
    args: {
      from: string;
      to?: string[];
      custom?: string;
      data?: Record<string, unknown>;
      /** Only the connections this canonical tag expression names (tags.ts). */
      target?: string;
    },
  ): Promise<void> {
    const to = args.to ?? [];
    const rows = await this.store.members(ref.appKey, ref.roomId, [args.from, ...to]);
    const nickOf = (accid: string) => rows.find((row) => row.accid === accid)?.nick ?? '';
    const sender = rows.find((row) => row.accid === args.from);
    const idServer = randomUUID();
    this.batcher.add(
      roomKeyOf(ref),
      {
        chatroomId: String(ref.roomId),
        idClient: idServer,
        idServer,
        from: args.from,
        fromNick: nickOf(args.from),
        fromAvatar: sender?.avatar ?? '',
        fromCustom: sender?.custom ?? '',
        fromClientType: 0,
        time: this.now(),
        type: 'notification',
        resend: false,
        attach: {
          id,
          type: CHATROOM_NOTIFICATIONS[id],
          from: args.from,
          fromNick: nickOf(args.from),
          to,
          toNick: to.map(nickOf),
          ...(args.custom !== undefined && { custom: args.custom }),
          ...(args.data && { data: args.data }),
        },
      },
      args.target,
    );
  }

  /** Queues a member's message for the room's next batch (and keeps it in history). */
  async send(
    ref: RoomRef,
    sender: MemberRow,
    draft: {
      idClient: string;
      type: ChatroomMsgInfo['type'];
      text?: string;
      content?: string;
      custom?: string;
      resend?: boolean;
      skipHistory?: boolean;
      /** Sent from this point: only connections that hear it there receive it (space.ts). */
      location?: ChatroomMsgInfo['location'];
    },
    fromClientType: number,
    /** Only the connections this canonical tag expression names (tags.ts). */
    target?: string,
    origin: { ip: string } = { ip: '' },
  ): Promise<ChatroomMsgInfo> {
    const room = await this.openRoom(ref);
    const now = this.now();
    if (sender.blacked) throw new CommandError(13003, 'in the chatroom blacklist');
    if (sender.gaged || sender.temp_mute_until > now)
      throw new CommandError(13004, 'in the chatroom mute list');
    if (room.muted && !isAdmin(sender))
      throw new CommandError(13006, 'the chatroom is muted: only managers and the owner speak');
    // A room may be read by anyone but spoken in only by accounts it can mute or kick for good
    // (decision 0060); 403 is the code any NIM client already knows for "not allowed".
    if (room.guests_silent && sender.anonymous && !isAdmin(sender))
      throw new CommandError(403, GUESTS_SILENT_MESSAGE);
    const body: Omit<ChatroomMsgInfo, 'idServer'> = {
      chatroomId: String(ref.roomId),
      idClient: draft.idClient,
      from: sender.accid,
      fromNick: sender.nick,
      fromAvatar: sender.avatar,
      fromCustom: sender.custom,
      fromClientType,
      time: now,
      type: draft.type,
      ...(draft.text !== undefined && { text: draft.text }),
      ...(draft.content !== undefined && { content: draft.content }),
      ...(draft.custom !== undefined && { custom: draft.custom }),
      resend: draft.resend ?? false,
      ...(draft.location !== undefined && { location: draft.location }),
    };
    const idServer = draft.skipHistory
      ? randomUUID()
      : String(
          await this.store.saveMessage(
            ref.appKey,
            ref.roomId,
            { from: sender.accid, idClient: draft.idClient, time: now, body: JSON.stringify(body) },
            target === undefined ? undefined : { tags: filedTags(target), type: draft.type },
          ),
        );
    const msg = { ...body, idServer };
    this.batcher.add(roomKeyOf(ref), msg, target);
    for (const listener of this.sent) listener({ appKey: ref.appKey, msg, ip: origin.ip });
    return msg;
  }

  /**
   * Identity changes (manager 1, common 2, black -1, mute -2). The owner names managers; the
   * owner and managers do the rest, but never to the owner, to themselves, or (a manager) to
   * another manager.
   */
  async markMember(
    ref: RoomRef,
    actor: Actor,
    target: string,
    change: { identity: 1 | 2 | -1 | -2; isAdd: boolean; level?: number; custom?: string },
  ): Promise<MemberRow> {
    await this.openRoom(ref);
    const targetRow = await this.authorise(
      ref,
      actor,
      target,
      change.identity === 1 ? 'owner' : 'admin',
    );
    const key = { ...ref, accid: target };
    const extras = {
      ...(change.level !== undefined && { level: change.level }),
    };
    let row: MemberRow;
    let notification: ChatroomNotificationId;
    switch (change.identity) {
      case 1:
        row = await this.store.changeMember(key, {
          ...extras,
          role: change.isAdd ? 'manager' : 'none',
        });
        notification = change.isAdd ? 307 : 308;
        break;
      case 2:
        if (targetRow?.role === 'manager' && !change.isAdd)
          throw new CommandError(403, 'a manager is removed as a manager, not as a common member');
        row = await this.store.changeMember(key, {
          ...extras,
          role: change.isAdd ? (targetRow?.role === 'manager' ? 'manager' : 'common') : 'none',
        });
        notification = change.isAdd ? 309 : 310;
        break;
      case -1:
        // A blacked member loses any fixed role (NIM: the blacklist is for visitors).
        row = await this.store.changeMember(key, {
          ...extras,
          blacked: change.isAdd ? 1 : 0,
          ...(change.isAdd && { role: 'none' as const }),
        });
        notification = change.isAdd ? 303 : 304;
        break;
      case -2:
        row = await this.store.changeMember(key, { ...extras, gaged: change.isAdd ? 1 : 0 });
        notification = change.isAdd ? 305 : 306;
        break;
    }
    await this.notify(ref, notification, {
      from: actorName(actor),
      to: [target],
      ...(change.custom !== undefined && { custom: change.custom }),
    });
    if (change.identity === -1 && change.isAdd) {
      await this.fanout.publishKick(roomKeyOf(ref), {
        accids: [target],
        reason: 'blacked',
        ...(change.custom !== undefined && { custom: change.custom }),
      });
    }
    return row;
  }

  /** Temporary mute for `duration` seconds; 0 lifts it. */
  async tempMute(
    ref: RoomRef,
    actor: Actor,
    target: string,
    options: { duration: number; needNotify: boolean; custom?: string },
  ): Promise<void> {
    await this.openRoom(ref);
    await this.authorise(ref, actor, target, 'admin');
    const until = options.duration > 0 ? this.now() + options.duration * 1000 : 0;
    await this.store.changeMember({ ...ref, accid: target }, { temp_mute_until: until });
    if (options.needNotify)
      await this.notify(ref, options.duration > 0 ? 314 : 315, {
        from: actorName(actor),
        to: [target],
        data: { duration: options.duration },
        ...(options.custom !== undefined && { custom: options.custom }),
      });
  }

  async kickMember(ref: RoomRef, actor: Actor, target: string, custom?: string): Promise<void> {
    await this.openRoom(ref);
    const row = await this.authorise(ref, actor, target, 'admin');
    if (!row || row.online === 0) throw new CommandError(404, `${target} is not in the chatroom`);
    await this.notify(ref, 313, {
      from: actorName(actor),
      to: [target],
      ...(custom !== undefined && { custom }),
    });
    await this.fanout.publishKick(roomKeyOf(ref), {
      accids: [target],
      reason: 'managerKick',
      ...(custom !== undefined && { custom }),
    });
  }

  async updateRoom(
    ref: RoomRef,
    actor: Actor,
    changes: RoomChanges,
    options: { needNotify: boolean; custom?: string },
  ): Promise<RoomRow> {
    await this.openRoom(ref);
    await this.requireAdmin(ref, actor);
    const room = await this.store.updateRoom(ref.appKey, ref.roomId, changes);
    if (!room) throw NOT_FOUND();
    if (options.needNotify)
      await this.notify(ref, 312, {
        from: actorName(actor),
        data: { ...changes },
        ...(options.custom !== undefined && { custom: options.custom }),
      });
    return room;
  }

  /** Closes (everyone is kicked with chatroomClosed) or reopens the room; the owner only. */
  async setClosed(
    ref: RoomRef,
    actor: Actor,
    closed: boolean,
    options: { custom?: string; spare?: string } = {},
  ): Promise<RoomRow> {
    const { custom } = options;
    const room = await this.store.room(ref.appKey, ref.roomId);
    if (!room) throw NOT_FOUND();
    if ('accid' in actor && actor.accid !== room.creator)
      throw new CommandError(403, 'only the owner opens or closes the chatroom');
    await this.store.setRoomFlag(ref.appKey, ref.roomId, 'closed', closed);
    if (closed && !room.closed) {
      await this.notify(ref, 311, {
        from: actorName(actor),
        ...(custom !== undefined && { custom }),
      });
      await this.batcher.flushAll();
      await this.fanout.publishKick(roomKeyOf(ref), {
        reason: 'chatroomClosed',
        ...(custom !== undefined && { custom }),
        // The connection that closed the room gets its reply first, then its kick.
        ...(options.spare !== undefined && { except: options.spare }),
      });
    }
    return { ...room, closed: closed ? 1 : 0 };
  }

  /** Room mute: only the owner and managers speak while it lasts. */
  async setMuted(
    ref: RoomRef,
    actor: Actor,
    muted: boolean,
    options: { needNotify: boolean; custom?: string },
  ): Promise<void> {
    await this.openRoom(ref);
    await this.requireAdmin(ref, actor);
    await this.store.setRoomFlag(ref.appKey, ref.roomId, 'muted', muted);
    if (options.needNotify)
      await this.notify(ref, muted ? 318 : 319, {
        from: actorName(actor),
        ...(options.custom !== undefined && { custom: options.custom }),
      });
  }

  async queueOffer(ref: RoomRef, actor: Actor, element: QueueOfferIn): Promise<void> {
    const room = await this.requireQueueWriter(ref, actor);
    const owner = await this.elementOwner(ref, actor, element.elementAccount);
    const added = await this.store.queueOffer(ref.appKey, ref.roomId, {
      key: element.elementKey,
      value: element.elementValue,
      owner,
      transient: element.transient ?? false,
    });
    if (!added)
      throw new CommandError(403, `the queue is full (at most ${room.queue_size_limit} elements)`);
    await this.queueNotify(ref, actor, 'OFFER', element);
  }

  /**
   * NIM's queueInit: the most elements the queue may hold from now on (0-1000); the owner and
   * managers only. Elements already there stay: only offers of new keys meet the limit.
   */
  async queueInit(ref: RoomRef, actor: Actor, sizeLimit: number): Promise<void> {
    await this.openRoom(ref);
    await this.requireAdmin(ref, actor);
    await this.store.setQueueSizeLimit(ref.appKey, ref.roomId, sizeLimit);
  }

  /**
   * NIM's queueBatchUpdateElements: an owner or manager changes the values of elements already in
   * the queue (keys not there are answered, not added); one batchUpdateQueue notification (320).
   */
  async queueBatchUpdate(
    ref: RoomRef,
    actor: Actor,
    elements: Record<string, string>,
    options: { needNotify: boolean; custom?: string },
  ): Promise<string[]> {
    await this.openRoom(ref);
    await this.requireAdmin(ref, actor);
    const missing = await this.store.queueUpdateExisting(ref.appKey, ref.roomId, elements);
    const updated = Object.fromEntries(
      Object.entries(elements).filter(([key]) => !missing.includes(key)),
    );
    if (options.needNotify && Object.keys(updated).length > 0)
      await this.notify(ref, 320, {
        from: actorName(actor),
        data: { type: 'BATCH_UPDATE', elements: updated },
        ...(options.custom !== undefined && { custom: options.custom }),
      });
    return missing;
  }

  async queueChange(ref: RoomRef, actor: Actor, element: QueueElementIn): Promise<void> {
    await this.requireQueueWriter(ref, actor);
    const changed = await this.store.queueChange(ref.appKey, ref.roomId, {
      key: element.elementKey,
      value: element.elementValue,
      owner: actorName(actor),
      transient: element.transient ?? false,
    });
    if (!changed) throw new CommandError(404, `no queue element ${element.elementKey}`);
    await this.queueNotify(ref, actor, 'CHANGE', element);
  }

  async queuePoll(ref: RoomRef, actor: Actor, elementKey?: string) {
    await this.requireQueueWriter(ref, actor);
    const row = await this.store.queuePoll(ref.appKey, ref.roomId, elementKey);
    if (!row) throw new CommandError(404, 'the queue has no such element');
    const element = { elementKey: row.element_key, elementValue: row.element_value };
    await this.queueNotify(ref, actor, 'POLL', element);
    return element;
  }

  async queueList(ref: RoomRef) {
    await this.openRoom(ref);
    const rows = await this.store.queueList(ref.appKey, ref.roomId);
    return rows.map((row) => ({ elementKey: row.element_key, elementValue: row.element_value }));
  }

  async queuePeek(ref: RoomRef) {
    const [head] = (await this.store.queueList(ref.appKey, ref.roomId, 1)).map((row) => ({
      elementKey: row.element_key,
      elementValue: row.element_value,
    }));
    if (!head) throw new CommandError(404, 'the queue is empty');
    return head;
  }

  async queueDrop(ref: RoomRef, actor: Actor): Promise<void> {
    await this.openRoom(ref);
    await this.requireAdmin(ref, actor);
    await this.store.queueDrop(ref.appKey, ref.roomId);
    await this.notify(ref, 317, { from: actorName(actor), data: { type: 'DROP' } });
  }

  /** A member's last connection left: its transient queue elements leave with it. */
  async dropTransient(ref: RoomRef, accid: string): Promise<void> {
    const dropped = await this.store.dropTransient(ref.appKey, ref.roomId, accid);
    if (dropped.length === 0) return;
    await this.notify(ref, 320, {
      from: accid,
      data: {
        type: 'PARTCLEAR',
        elementKeys: dropped.map((row) => row.element_key),
        elements: Object.fromEntries(dropped.map((row) => [row.element_key, row.element_value])),
      },
    });
  }

  private async queueNotify(
    ref: RoomRef,
    actor: Actor,
    type: 'OFFER' | 'CHANGE' | 'POLL',
    element: QueueElementIn,
  ): Promise<void> {
    await this.notify(ref, 317, {
      from: actorName(actor),
      data: { type, elementKey: element.elementKey, elementValue: element.elementValue },
    });
  }

  /**
   * Whose element an offer makes: the actor's own, or (the owner and managers only) another
   * member's of the room, whose leaving then takes a transient element with it.
   */
  private async elementOwner(ref: RoomRef, actor: Actor, account?: string): Promise<string> {
    const self = actorName(actor);
    if (account === undefined || account.toLowerCase() === self.toLowerCase()) return self;
    await this.requireAdmin(ref, actor);
    const member = await this.store.member({ ...ref, accid: account.toLowerCase() });
    if (!member) throw new CommandError(404, `${account} is not a member of the chatroom`);
    return member.accid;
  }

  private async requireQueueWriter(ref: RoomRef, actor: Actor): Promise<RoomRow> {
    const room = await this.openRoom(ref);
    if (room.queue_level === 1) await this.requireAdmin(ref, actor);
    return room;
  }

  /** The actor is the owner or a manager (the app backend always is); 403 otherwise. */
  async requireAdmin(ref: RoomRef, actor: Actor): Promise<MemberRow | undefined> {
    if (!('accid' in actor)) return undefined;
    const row = await this.store.member({ ...ref, accid: actor.accid });
    if (!isAdmin(row)) throw new CommandError(403, 'only the owner and managers may do this');
    return row;
  }

  /**
   * The actor may act on the target: 'owner' needs the owner; 'admin' the owner or a manager,
   * a manager never acting on another manager. Nobody acts on the owner or on themselves.
   */
  private async authorise(
    ref: RoomRef,
    actor: Actor,
    target: string,
    needs: 'owner' | 'admin',
  ): Promise<MemberRow | undefined> {
    const targetRow = await this.store.member({ ...ref, accid: target });
    if (targetRow?.role === 'owner') throw new CommandError(403, 'the owner cannot be changed');
    if (!('accid' in actor)) return targetRow;
    if (actor.accid === target) throw new CommandError(403, 'members do not change themselves');
    const actorRow = await this.requireAdmin(ref, actor);
    if (needs === 'owner' && actorRow?.role !== 'owner')
      throw new CommandError(403, 'only the owner names managers');
    if (actorRow?.role === 'manager' && targetRow?.role === 'manager')
      throw new CommandError(403, 'a manager does not act on another manager');
    return targetRow;
  }
}

/** The account a change is made in the name of: the operator, or the room's creator. */
/** The tags a message's (canonical) target files it under, for history by tags. */
function filedTags(target: string): string[] {
  const expression = parseTagExpression(target);
  return 'error' in expression ? [] : namedTags(expression);
}

function actorName(actor: Actor): string {
  return 'accid' in actor ? actor.accid : 'server';
}
