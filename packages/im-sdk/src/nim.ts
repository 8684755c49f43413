// The public facade, with the NIM Web SDK's names: NIM.getInstance(options) returns the instance
// of that account (cached and reused with updated options), whose methods return promises and
// also accept NIM's `done(error, result)`. Flat: every method forwards to the one manager of its
// domain, built here with its narrow context and the other managers it names. The facade holds
// no logic of its own beyond the instance cache; docs/im-sdk.md says how to add a manager.
import type { CommandName, PushName, ReplyOf, RequestOf } from '@morsel/protocol';
import { EventsManager } from './events/events-manager.ts';
import { ExtrasManager } from './extras/extras-manager.ts';
import { FilesManager } from './files/files-manager.ts';
import { Instance } from './instance/instance.ts';
import type { LoginReply } from './link/link.ts';
import { LocalMsgsManager } from './local-msgs/local-msgs-manager.ts';
import type { Logger } from './logger.ts';
import { MessagesManager } from './messages/messages-manager.ts';
import { resolveOptions, type NimOptions, type ResolvedOptions } from './options.ts';
import { PeopleManager } from './people/people-manager.ts';
import { PushSettingsManager } from './push-settings/push-settings-manager.ts';
import { BroadcastsManager } from './broadcasts/broadcasts-manager.ts';
import { SessionsManager } from './sessions/sessions-manager.ts';
import { SignallingManager, type SignalingEvents } from './signalling/signalling-manager.ts';
import { SuperTeamsManager } from './super-teams/super-teams-manager.ts';
import { SysMsgsManager } from './sysmsgs/sysmsgs-manager.ts';
import { TeamsManager } from './teams/teams-manager.ts';
import { withDone, type Done } from './util/done.ts';

const instances = new Map<string, NIM>();
/**
 * One instance per app and account (accounts match case-insensitively). An explicit deviceId
 * names another device of the account, so one process can hold several (bots, tests).
 */
const instanceKey = (options: NimOptions) =>
  `${options.appKey}\u0000${options.account.toLowerCase()}\u0000${options.deviceId ?? ''}`;

// Merged with `interface NIM` below, which types the forwards set on the prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class NIM {
  /** Returns the account's instance, creating it (and connecting) on first use. */
  static getInstance(options: NimOptions): NIM {
    const resolved = resolveOptions(options);
    const key = instanceKey(resolved);
    const existing = instances.get(key);
    if (existing) {
      existing.setOptions(options);
      if (
        resolved.autoConnect !== false &&
        ['disconnected', 'connectFailed', 'idle'].includes(existing.state)
      ) {
        void existing.connect().catch(() => {});
      }
      return existing;
    }
    const instance = new NIM(resolved);
    instances.set(key, instance);
    if (resolved.autoConnect !== false) void instance.connect().catch(() => {});
    return instance;
  }

  readonly logger: Logger;
  private readonly instance: Instance;
  private readonly sessions: SessionsManager;
  private readonly messages: MessagesManager;
  private readonly localMsgs: LocalMsgsManager;
  private readonly extras: ExtrasManager;
  private readonly people: PeopleManager;
  private readonly sysMsgs: SysMsgsManager;
  private readonly teams: TeamsManager;
  private readonly superTeams: SuperTeamsManager;
  private readonly events: EventsManager;
  private readonly pushSettings: PushSettingsManager;
  private readonly signalling: SignallingManager;
  private readonly files: FilesManager;
  /** Receives only (onbroadcastmsg, onbroadcastmsgs): no methods of its own. */
  private readonly broadcasts: BroadcastsManager;

  constructor(options: ResolvedOptions) {
    if (!forwardsSet) setForwards();
    this.instance = new Instance(options);
    this.logger = this.instance.logger;
    // Each manager gets the instance's context typed as its own narrow one, and the managers it
    // uses by name. Handlers of a push shared by two managers run in this order; no manager
    // relies on another having run first.
    const context = this.instance.context;
    this.sessions = new SessionsManager(context);
    this.messages = new MessagesManager(context, this.sessions);
    this.extras = new ExtrasManager(context);
    this.people = new PeopleManager(context);
    this.localMsgs = new LocalMsgsManager(context, this.sessions, this.people);
    this.sysMsgs = new SysMsgsManager(context);
    this.teams = new TeamsManager(context);
    this.events = new EventsManager(context);
    this.superTeams = new SuperTeamsManager(context);
    this.pushSettings = new PushSettingsManager(context);
    this.signalling = new SignallingManager(context);
    this.files = new FilesManager(context, this.messages);
    this.broadcasts = new BroadcastsManager(context);
  }

  // The instance -------------------------------------------------------------------------------

  /** The logged-in account, in the spelling the server uses. */
  get account(): string {
    return this.instance.account;
  }

  /** The link's state: see `LinkState` (document 2's connection lifecycle). */
  get state(): string {
    return this.instance.state;
  }

  /** Replaces options (callbacks included); a new token is used from the next login on. */
  setOptions(options: Partial<NimOptions>): void {
    this.instance.setOptions(options);
  }

  connect(options: { done?: Done<LoginReply> } = {}): Promise<LoginReply> {
    return withDone(this.instance.connect(), options.done);
  }

  disconnect(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.instance.disconnect(), options.done);
  }

  logout(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.instance.logout(), options.done);
  }

  /**
   * Disconnects and frees the instance (pending local database writes finish first) and forgets
   * it: the next getInstance creates a new one.
   */
  destroy(options: { done?: Done<void> } = {}): Promise<void> {
    instances.delete(instanceKey(this.instance.options));
    return withDone(this.instance.destroy(), options.done);
  }

  /** Ends this account's sessions on other devices. */
  kick(options: { deviceIds: string[]; done?: Done<ReplyOf<'kick'>> }): Promise<ReplyOf<'kick'>> {
    return withDone(this.instance.send('kick', { deviceIds: options.deviceIds }), options.done);
  }

  /**
   * The original URL behind a safe short URL (getOriginUrl 6:22). Counted while in flight: the
   * processing after a sync waits for pending lookups (up to 20 checks of 300 ms).
   */
  getNosOriginUrl(options: { safeShortUrl: string; done?: Done<string> }): Promise<string> {
    return withDone(this.instance.originUrls.lookup(options.safeShortUrl), options.done);
  }

  getServerTime(options: { done?: Done<number> } = {}): Promise<number> {
    return withDone(
      this.instance.send('getServerTime', {}).then((r) => r.time),
      options.done,
    );
  }

  /**
   * The addresses of a chatroom's link (NIM's getChatroomAddress): hand them to
   * `Chatroom.getInstance({ chatroomAddresses })`. 404 for no such room, 13002 for a closed one,
   * 13003 when this account is in its blacklist, 415 when no chatroom server is available.
   */
  getChatroomAddress(options: {
    chatroomId: string;
    done?: Done<{ chatroomId: string; address: string[] }>;
  }): Promise<{ chatroomId: string; address: string[] }> {
    return withDone(
      this.instance
        .send('getChatroomAddress', { chatroomId: options.chatroomId })
        .then((reply) => ({ chatroomId: options.chatroomId, address: reply.address })),
      options.done,
    );
  }

  /** Sends any command of the protocol table (tests and tools; the managers use their `send`). */
  sendCmd<N extends CommandName>(
    name: N,
    params: RequestOf<N>,
    options: { timeoutMs?: number } = {},
  ): Promise<ReplyOf<N>> {
    return this.instance.send(name, params, options);
  }

  /**
   * Every push this instance handles: the link's own and the managers'. Not a NIM name: the push
   * table test compares it with the protocol's declared pushes.
   */
  handledPushes(): PushName[] {
    return this.instance.handledPushes();
  }

  // Quick comments, collects, stick-top sessions, pins, threads (ExtrasManager) ------------------

  // Users, friends, blacklist and mutelist (PeopleManager) ---------------------------------------

  // Signalling (SignallingManager) ---------------------------------------------------------------
  /** NIM's signalling events (signalingNotify...), as NIM's SDK raises them: `nim.on(name, fn)`. */
  on<E extends keyof SignalingEvents>(event: E, handler: (...args: SignalingEvents[E]) => void) {
    this.signalling.events.on(event, handler);
    return this;
  }
  once<E extends keyof SignalingEvents>(event: E, handler: (...args: SignalingEvents[E]) => void) {
    this.signalling.events.once(event, handler);
    return this;
  }
  off<E extends keyof SignalingEvents>(event: E, handler: (...args: SignalingEvents[E]) => void) {
    // Without a handler, every handler of the event goes (as with eventemitter3 before, decision
    // 0063); socket.io's emitter removes them all only when given the name alone.
    if (handler) this.signalling.events.off(event, handler);
    else this.signalling.events.off(event);
    return this;
  }

  // Files, documents, anti-spam (FilesManager; sendFile sits with the messages above) ------------
}

/**
 * The facade's one-line forwards, each a method on NIM's prototype calling the manager's method
 * of the same name: a table instead of 174 written-out methods, 0.4 kB gzip less in browsers
 * (decision 0063). The interface below gives them the managers' own signatures.
 */
const FORWARDS = {
  sessions: [
    'setCurrSession',
    'resetCurrSession',
    'resetSessionUnread',
    'getLocalSessions',
    'getLocalSession',
    'insertLocalSession',
    'updateLocalSession',
    'deleteLocalSession',
    'getServerSessions',
    'getServerSession',
    'updateServerSession',
    'deleteServerSessions',
    'deleteSession',
    'deleteSessions',
  ],
  messages: [
    'sendText',
    'sendGeo',
    'sendTipMsg',
    'sendRobotMsg',
    'sendCustomMsg',
    'resendMsg',
    'forwardMsg',
    'deleteMsg',
    'deleteMsgSelf',
    'clearServerHistoryMsgs',
    'markMsgsRead',
    'sendMsgReceipt',
    'getHistoryMsgs',
    'searchHistoryMsgs',
    'getMsgsByIdServer',
  ],
  files: [
    'sendFile',
    'previewFile',
    'getNosToken',
    'processImage',
    'viewImageStripMeta',
    'viewImageQuality',
    'viewImageInterlace',
    'viewImageRotate',
    'viewImageBlur',
    'viewImageCrop',
    'viewImageThumbnail',
    'transDoc',
    'fetchFile',
    'fetchFileList',
    'removeFile',
    'getNosAccessToken',
    'deleteNosAccessToken',
    'getClientAntispam',
    'audioToText',
  ],
  localMsgs: [
    'getLocalMsgs',
    'getLocalMsgByIdClient',
    'searchLocal',
    'getLocalMsgsFromDB',
    'clearDB',
    'saveMsgsToLocal',
    'deleteLocalMsg',
    'updateLocalMsg',
    'deleteLocalMsgs',
    'deleteAllLocalMsgs',
  ],
  extras: [
    'addQuickComment',
    'deleteQuickComment',
    'getQuickComments',
    'addCollect',
    'deleteCollects',
    'updateCollect',
    'getCollects',
    'addStickTopSession',
    'updateStickTopSession',
    'deleteStickTopSession',
    'getStickTopSessions',
    'addMsgPin',
    'updateMsgPin',
    'deleteMsgPin',
    'getMsgPins',
    'getThreadMsgs',
  ],
  people: [
    'getMyInfo',
    'updateMyInfo',
    'getUsers',
    'getUser',
    'addFriend',
    'applyFriend',
    'passFriendApply',
    'rejectFriendApply',
    'deleteFriend',
    'updateFriend',
    'getFriends',
    'getLocalFriends',
    'markInBlacklist',
    'markInMutelist',
    'getRelations',
    'isUserInBlackList',
    'isUserInMuteList',
  ],
  sysMsgs: [
    'sysMsgUnread',
    'getLocalSysMsgs',
    'markSysMsgRead',
    'updateLocalSysMsg',
    'deleteLocalSysMsg',
    'deleteAllLocalSysMsgs',
    'sendCustomSysMsg',
  ],
  teams: [
    'createTeam',
    'updateTeam',
    'addTeamMembers',
    'removeTeamMembers',
    'leaveTeam',
    'dismissTeam',
    'applyTeam',
    'passTeamApply',
    'rejectTeamApply',
    'acceptTeamInvite',
    'rejectTeamInvite',
    'addTeamManagers',
    'removeTeamManagers',
    'transferTeam',
    'updateNickInTeam',
    'updateMuteStateInTeam',
    'muteTeamAll',
    'getMutedTeamMembers',
    'getMyTeamMembers',
    'updateInfoInTeam',
    'getTeam',
    'getTeams',
    'getTeamMembers',
    'getTeamMemberInvitorAccid',
    'getLocalTeams',
    'getLocalTeamMember',
    'sendTeamMsgReceipt',
    'getTeamMsgReads',
    'getTeamMsgReadAccounts',
    'syncTeamMembers',
  ],
  superTeams: [
    'createSuperTeam',
    'addSuperTeamMembers',
    'removeSuperTeamMembers',
    'leaveSuperTeam',
    'updateSuperTeamInfo',
    'getSuperTeam',
    'addSuperTeamManagers',
    'removeSuperTeamManagers',
    'transferSuperTeam',
    'updateSuperTeamMute',
    'applySuperTeam',
    'passSuperTeamApply',
    'rejectSuperTeamApply',
    'acceptSuperTeamInvite',
    'rejectSuperTeamInvite',
    'getMySuperTeamMembers',
    'getMutedSuperTeamMembers',
    'dismissSuperTeam',
    'updateNickInSuperTeam',
    'updateSuperTeamMembersMute',
    'getSuperTeams',
    'getSuperTeamMembers',
    'updateInfoInSuperTeam',
    'getSuperTeamMemberInvitorAccid',
    'getLocalSuperTeams',
  ],
  events: [
    'publishEvent',
    'subscribeEvent',
    'unSubscribeEventsByAccounts',
    'unSubscribeEventsByType',
    'querySubscribeEventsByAccounts',
    'querySubscribeEventsByType',
  ],
  pushSettings: ['updatePushToken', 'updateDonnop', 'getDonnop'],
  signalling: [
    'signalingCreate',
    'signalingDelay',
    'signalingClose',
    'signalingGetChannelInfo',
    'signalingJoin',
    'signalingLeave',
    'signalingInvite',
    'signalingCancel',
    'signalingReject',
    'signalingAccept',
    'signalingControl',
    'signalingCall',
  ],
} as const satisfies { [F in keyof Managers]?: readonly (keyof Managers[F])[] };

/** The managers the forwards reach, by the facade's field names. */
interface Managers {
  sessions: SessionsManager;
  messages: MessagesManager;
  files: FilesManager;
  localMsgs: LocalMsgsManager;
  extras: ExtrasManager;
  people: PeopleManager;
  sysMsgs: SysMsgsManager;
  teams: TeamsManager;
  superTeams: SuperTeamsManager;
  events: EventsManager;
  pushSettings: PushSettingsManager;
  signalling: SignallingManager;
}

type Forwards<F extends keyof typeof FORWARDS> = Pick<
  Managers[F],
  Extract<(typeof FORWARDS)[F][number], keyof Managers[F]>
>;

// The forwards join the class's type by declaration merging: the table above sets them at run
// time, so the checker is right that every one exists.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface NIM
  extends
    Forwards<'sessions'>,
    Forwards<'messages'>,
    Forwards<'files'>,
    Forwards<'localMsgs'>,
    Forwards<'extras'>,
    Forwards<'people'>,
    Forwards<'sysMsgs'>,
    Forwards<'teams'>,
    Forwards<'superTeams'>,
    Forwards<'events'>,
    Forwards<'pushSettings'>,
    Forwards<'signalling'> {}

/**
 * Sets the forwards on the prototype, once, when the first instance is made: at module level it
 * would be a side effect that keeps the whole facade in bundles that never use it (Chatroom's).
 */
let forwardsSet = false;
function setForwards(): void {
  forwardsSet = true;
  for (const [field, names] of Object.entries(FORWARDS)) {
    for (const name of names) {
      // A method named as NIM's (its `name` too), non-enumerable as a class method is.
      const method = {
        [name](this: NIM, ...args: unknown[]) {
          const manager = (
            this as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>
          )[field]!;
          return manager[name]!(...args);
        },
      }[name];
      Object.defineProperty(NIM.prototype, name, {
        value: method,
        writable: true,
        configurable: true,
      });
    }
  }
}
