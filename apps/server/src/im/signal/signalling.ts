// The rules of call signalling (docs/im-signal.md). A channel lives `channelTtlMs` from its
// creation or its last delay; an account is in it from one device; an invitation is answered
// once, by one device of the callee (9103 for the others). Every notification goes to the
// accounts it concerns through the gateway, so it reaches them in whichever process holds them.
import type { Kysely } from 'kysely';
import type { RequestOf } from '@morsel/protocol';
import { storedAccid, type Database } from '../../store/index.ts';
import { CommandError, type Gateway, type Session } from '../gateway/index.ts';
import { blacklistedBy } from '../people/index.ts';
import {
  newId,
  newMsgId,
  toChannel,
  toMember,
  toNotify,
  type Channel,
  type Notify,
} from './notify.ts';
import * as store from './store.ts';
import type { ImSignalChannelTable, ImSignalInviteTable } from './tables.ts';

export interface SignalLimits {
  /** How long a channel lives after its creation or its last signalingDelay. */
  channelTtlMs: number;
  /** Members in one channel at once (10419 beyond). */
  membersPerChannel: number;
  /** Live channels one account created at once (419 beyond). */
  channelsPerAccount: number;
  /** Unanswered invitations one account has out at once (419 beyond). */
  pendingInvitesPerAccount: number;
}

export const DEFAULT_SIGNAL_LIMITS: SignalLimits = {
  channelTtlMs: 2 * 60 * 60 * 1000,
  membersPerChannel: 100,
  channelsPerAccount: 50,
  pendingInvitesPerAccount: 100,
};

interface Caller {
  session: Session;
  /** The connection that asked: the account's other devices hear of its answers. */
  connectionId: string;
}

type Answer = 'accept' | 'reject';

export class Signalling {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: Gateway,
    private readonly now: () => number,
    private readonly limits: SignalLimits,
  ) {}

  async create(
    { session }: Caller,
    params: { type: number; channelName?: string; ext?: string },
  ): Promise<ImSignalChannelTable> {
    const { appKey, accid } = session;
    const now = this.now();
    const created = await store.pruneAndCountCreated(this.db, appKey, accid, now);
    if (created >= this.limits.channelsPerAccount)
      throw new CommandError(
        419,
        `an account keeps at most ${this.limits.channelsPerAccount} channels open`,
      );
    if (params.channelName !== undefined)
      // An expired channel of that name is removed here, freeing the name.
      await store.liveChannelByName(this.db, appKey, params.channelName, now);
    const channelId = newId();
    const row: ImSignalChannelTable = {
      app_key: appKey,
      channel_id: channelId,
      channel_name: params.channelName ?? channelId,
      type: params.type,
      ext: params.ext ?? null,
      creator: accid,
      created_at: now,
      expires_at: now + this.limits.channelTtlMs,
    };
    if (!(await store.insertChannel(this.db, row))) throw new CommandError(10405);
    return row;
  }

  async channelByName(session: Session, channelName: string): Promise<Channel> {
    const row = await store.liveChannelByName(this.db, session.appKey, channelName, this.now());
    if (!row) throw new CommandError(10404);
    return this.describe(row);
  }

  async delay({ session }: Caller, channelId: string): Promise<Channel> {
    const channel = await this.liveChannel(session, channelId);
    await this.requireParticipant(session, channel);
    const expiresAt = this.now() + this.limits.channelTtlMs;
    await store.extendChannel(this.db, session.appKey, channelId, expiresAt);
    return this.describe({ ...channel, expires_at: expiresAt });
  }

  async close(
    { session }: Caller,
    params: { channelId: string; attachExt?: string },
  ): Promise<void> {
    const channel = await this.liveChannel(session, params.channelId);
    const members = await this.requireParticipant(session, channel);
    await store.deleteChannel(this.db, session.appKey, channel.channel_id);
    const notify = toNotify('ROOM_CLOSE', channel, {
      from: session.accid,
      attachExt: params.attachExt,
      time: this.now(),
    });
    await this.tell(
      session,
      members.map((m) => m.accid).filter((a) => a !== session.accid),
      notify,
    );
  }

  async join(
    { session }: Caller,
    params: { channelId: string; uid?: number; attachExt?: string },
  ): Promise<Channel> {
    const { appKey, accid, deviceId } = session;
    const channel = await this.liveChannel(session, params.channelId);
    const members = await store.channelMembers(this.db, appKey, channel.channel_id);
    const mine = members.find((m) => m.accid === accid);
    if (mine) throw new CommandError(mine.device_id === deviceId ? 10407 : 10420);
    const uid = params.uid ?? 0;
    if (uid !== 0 && members.some((m) => m.uid === uid)) throw new CommandError(10417);
    if (members.length >= this.limits.membersPerChannel) throw new CommandError(10419);
    const row = {
      app_key: appKey,
      channel_id: channel.channel_id,
      accid,
      device_id: deviceId,
      uid,
      created_at: this.now(),
    };
    // A concurrent join of the same account from elsewhere lost the race: the row is there.
    if (!(await store.insertMember(this.db, row))) throw new CommandError(10420);
    const notify = toNotify('ROOM_JOIN', channel, {
      from: accid,
      attachExt: params.attachExt,
      member: toMember(row, channel),
      time: row.created_at,
    });
    await this.tell(
      session,
      members.map((m) => m.accid),
      notify,
    );
    return toChannel(channel, [...members, row]);
  }

  async leave(
    { session }: Caller,
    params: { channelId: string; attachExt?: string },
  ): Promise<void> {
    const channel = await this.liveChannel(session, params.channelId);
    const members = await store.channelMembers(this.db, session.appKey, channel.channel_id);
    const mine = members.find((m) => m.accid === session.accid);
    if (
      !mine ||
      !(await store.deleteMember(this.db, session.appKey, channel.channel_id, mine.accid))
    )
      throw new CommandError(10406);
    const notify = toNotify('LEAVE', channel, {
      from: session.accid,
      attachExt: params.attachExt,
      member: toMember(mine, channel),
      time: this.now(),
    });
    await this.tell(
      session,
      members.filter((m) => m.accid !== session.accid).map((m) => m.accid),
      notify,
    );
  }

  /**
   * Invites an account into a channel the caller is in. An online callee hears at once; an offline
   * one only when `offlineEnabled` keeps the invitation for its next login (10201 otherwise, and
   * nothing is kept). 10202: kept, but the push the caller asked for cannot reach the callee (this
   * server sends no device pushes). A callee that blacklisted the caller is answered for exactly as
   * an offline one, so the blacklist is not revealed, and never hears of it.
   */
  async invite({ session }: Caller, params: RequestOf<'signalingInvite'>): Promise<void> {
    const { appKey, accid } = session;
    const channel = await this.liveChannel(session, params.channelId);
    const members = await store.channelMembers(this.db, appKey, channel.channel_id);
    if (!members.some((m) => m.accid === accid)) throw new CommandError(10406);
    const invitee = await storedAccid(this.db, appKey, params.account);
    if (!invitee) throw new CommandError(404, `no account ${params.account}`);
    if (members.some((m) => m.accid === invitee)) throw new CommandError(10407);
    const now = this.now();
    if (
      (await store.countPendingInvitesBy(this.db, appKey, accid, now)) >=
      this.limits.pendingInvitesPerAccount
    )
      throw new CommandError(
        419,
        `an account has at most ${this.limits.pendingInvitesPerAccount} invitations out`,
      );
    const blocked = (await blacklistedBy(this.db, appKey, invitee, [accid])).has(accid);
    const online = !blocked && (await this.gateway.ports({ appKey, accid: invitee })).length > 0;
    const offlineEnabled = params.offlineEnabled === true;
    if (!online && !offlineEnabled) throw new CommandError(10201);
    if (blocked) return;
    const row: ImSignalInviteTable = {
      app_key: appKey,
      channel_id: channel.channel_id,
      inviter: accid,
      invitee,
      request_id: params.requestId,
      state: 'pending',
      answered_by: null,
      offline_enabled: offlineEnabled ? 1 : 0,
      attach_ext: params.attachExt ?? null,
      push_info: params.pushInfo ? JSON.stringify(params.pushInfo) : null,
      msgid: newMsgId(),
      read_at: null,
      created_at: now,
      expires_at: channel.expires_at,
    };
    await store.upsertInvite(this.db, row);
    if (online) {
      await this.gateway.pushToAccount(
        { appKey, accid: invitee },
        'signalingNotify',
        toNotify('INVITE', channel, {
          from: accid,
          to: invitee,
          requestId: params.requestId,
          attachExt: params.attachExt,
          ...(params.pushInfo && { pushInfo: params.pushInfo }),
          msgid: row.msgid,
          time: now,
        }),
      );
    } else if (params.pushInfo?.needPush) {
      throw new CommandError(10202);
    }
  }

  /** The caller takes back an invitation that is still unanswered. */
  async cancel({ session }: Caller, params: RequestOf<'signalingCancel'>): Promise<void> {
    const { appKey, accid } = session;
    const channel = await this.liveChannel(session, params.channelId);
    const invitee = (await storedAccid(this.db, appKey, params.account)) ?? params.account;
    const key = {
      appKey,
      channelId: channel.channel_id,
      inviter: accid,
      invitee,
      requestId: params.requestId,
    };
    const invite = await store.findInvite(this.db, key);
    if (!invite) throw new CommandError(10408);
    if (!(await store.settleInvite(this.db, key, 'cancelled', null)))
      throw new CommandError(this.answeredCode(invite.state));
    await this.gateway.pushToAccount(
      { appKey, accid: invitee },
      'signalingNotify',
      toNotify('CANCEL_INVITE', channel, {
        from: accid,
        to: invitee,
        requestId: params.requestId,
        attachExt: params.attachExt,
        time: this.now(),
      }),
    );
  }

  /**
   * The callee answers; its other devices are told (signalingMultiClientSync) so they stop
   * ringing, and answer 9103 if they try too. Accepting with `autoJoin` joins the channel.
   */
  async answer(
    caller: Caller,
    answer: Answer,
    params: RequestOf<'signalingAccept'>,
  ): Promise<Channel | undefined> {
    const { session } = caller;
    const { appKey, accid, deviceId } = session;
    const inviter = (await storedAccid(this.db, appKey, params.account)) ?? params.account;
    const key = {
      appKey,
      channelId: params.channelId,
      inviter,
      invitee: accid,
      requestId: params.requestId,
    };
    const invite = await store.findInvite(this.db, key);
    if (!invite) throw new CommandError(10408);
    if (invite.state === 'closed') throw new CommandError(9102);
    const channel = await this.liveChannel(session, params.channelId);
    const state = answer === 'accept' ? 'accepted' : 'rejected';
    if (!(await store.settleInvite(this.db, key, state, deviceId))) {
      const settled = (await store.findInvite(this.db, key)) ?? invite;
      if (settled.state === 'closed') throw new CommandError(9102);
      if (
        (settled.state === 'accepted' || settled.state === 'rejected') &&
        settled.answered_by !== deviceId
      )
        throw new CommandError(9103);
      throw new CommandError(this.answeredCode(settled.state));
    }
    const notify = toNotify(answer === 'accept' ? 'ACCEPT' : 'REJECT', channel, {
      from: accid,
      to: inviter,
      requestId: params.requestId,
      attachExt: params.attachExt,
      time: this.now(),
    });
    await this.gateway.pushToAccount({ appKey, accid: inviter }, 'signalingNotify', notify);
    await this.gateway.pushToAccount(
      { appKey, accid },
      'signalingMultiClientSync',
      notify,
      caller.connectionId,
    );
    if (answer === 'accept' && params.autoJoin)
      return this.join(caller, {
        channelId: channel.channel_id,
        ...(params.uid !== undefined && { uid: params.uid }),
        ...(params.joinAttachExt !== undefined && { attachExt: params.joinAttachExt }),
      });
    return undefined;
  }

  /**
   * A member's own message to one member (`account`) or to every other member. One member that is
   * offline answers 11001: control messages are live only.
   */
  async control(
    { session }: Caller,
    params: { channelId: string; account?: string; attachExt?: string },
  ): Promise<void> {
    const { appKey, accid } = session;
    const channel = await this.liveChannel(session, params.channelId);
    const members = await store.channelMembers(this.db, appKey, channel.channel_id);
    if (!members.some((m) => m.accid === accid)) throw new CommandError(10406);
    let targets = members.map((m) => m.accid).filter((a) => a !== accid);
    if (params.account !== undefined) {
      const target = members.find((m) => m.accid === params.account!.toLowerCase());
      if (!target) throw new CommandError(10406);
      if ((await this.gateway.ports({ appKey, accid: target.accid })).length === 0)
        throw new CommandError(11001);
      targets = [target.accid];
    }
    await this.tell(
      session,
      targets,
      toNotify('CONTROL', channel, {
        from: accid,
        ...(params.account !== undefined && { to: targets[0] }),
        attachExt: params.attachExt,
        time: this.now(),
      }),
    );
  }

  /**
   * Join and accept in one call (NIM's signalingJoinAndAccept): the callee's side of a call. The
   * invitation is checked first, so a callee without one never enters the channel; a failed
   * accept (another device answered meanwhile) takes the callee out again.
   */
  async joinAndAccept(
    caller: Caller,
    params: RequestOf<'signalingJoinAndAccept'>,
  ): Promise<Channel> {
    const { session } = caller;
    const inviter = (await storedAccid(this.db, session.appKey, params.account)) ?? params.account;
    const invite = await store.findInvite(this.db, {
      appKey: session.appKey,
      channelId: params.channelId,
      inviter,
      invitee: session.accid,
      requestId: params.requestId,
    });
    if (!invite) throw new CommandError(10408);
    if (invite.state !== 'pending') throw new CommandError(this.answeredCode(invite.state));
    const joined = await this.join(caller, {
      channelId: params.channelId,
      ...(params.uid !== undefined && { uid: params.uid }),
      ...(params.attachExt !== undefined && { attachExt: params.attachExt }),
    });
    try {
      await this.answer(caller, 'accept', {
        channelId: params.channelId,
        account: params.account,
        requestId: params.requestId,
        ...(params.offlineEnabled !== undefined && { offlineEnabled: params.offlineEnabled }),
        ...(params.attachExt !== undefined && { attachExt: params.attachExt }),
      });
    } catch (error) {
      await this.leave(caller, { channelId: params.channelId }).catch(() => undefined);
      throw error;
    }
    return joined;
  }

  /** Create, join and invite in one call (NIM's signalingCall): the caller's side of a call. */
  async call(caller: Caller, params: RequestOf<'signalingCall'>): Promise<Channel> {
    const channel = await this.create(caller, {
      type: params.type,
      ...(params.channelName !== undefined && { channelName: params.channelName }),
      ...(params.ext !== undefined && { ext: params.ext }),
    });
    try {
      await this.join(caller, {
        channelId: channel.channel_id,
        ...(params.uid !== undefined && { uid: params.uid }),
      });
      await this.invite(caller, {
        channelId: channel.channel_id,
        account: params.account,
        requestId: params.requestId,
        ...(params.offlineEnabled !== undefined && { offlineEnabled: params.offlineEnabled }),
        ...(params.attachExt !== undefined && { attachExt: params.attachExt }),
        ...(params.pushInfo !== undefined && { pushInfo: params.pushInfo }),
      });
    } catch (error) {
      // 10202 kept the invitation: the call stands. Anything else undoes the channel.
      if (!(error instanceof CommandError && error.code === 10202))
        await store.deleteChannel(this.db, caller.session.appKey, channel.channel_id);
      throw error;
    }
    return this.describe(channel);
  }

  /** The live channels the account is in (channels sync). */
  async channelsOf(session: Session): Promise<Channel[]> {
    const rows = await store.channelsOfMember(this.db, session.appKey, session.accid, this.now());
    return Promise.all(rows.map((row) => this.describe(row)));
  }

  /** Offline-enabled invitations waiting for the account (unread sync). */
  async waitingInvites(session: Session) {
    return store.pendingOfflineInvitesFor(this.db, session.appKey, session.accid, this.now());
  }

  async describe(row: ImSignalChannelTable): Promise<Channel> {
    return toChannel(row, await store.channelMembers(this.db, row.app_key, row.channel_id));
  }

  private async liveChannel(session: Session, channelId: string): Promise<ImSignalChannelTable> {
    const row = await store.liveChannelById(this.db, session.appKey, channelId, this.now());
    if (!row) throw new CommandError(10404);
    return row;
  }

  /** Closing and delaying are for the creator and the members; returns the members. */
  private async requireParticipant(session: Session, channel: ImSignalChannelTable) {
    const members = await store.channelMembers(this.db, session.appKey, channel.channel_id);
    if (channel.creator !== session.accid && !members.some((m) => m.accid === session.accid))
      throw new CommandError(10406);
    return members;
  }

  private answeredCode(state: ImSignalInviteTable['state']): number {
    if (state === 'accepted') return 10410;
    if (state === 'rejected') return 10409;
    if (state === 'closed') return 9102;
    return 10408; // cancelled: there is no invitation to answer any more
  }

  private async tell(session: Session, accounts: string[], notify: Notify): Promise<void> {
    if (accounts.length === 0) return;
    await this.gateway.pushToAccounts(
      accounts.map((accid) => ({ appKey: session.appKey, accid })),
      'signalingNotify',
      notify,
    );
  }
}
