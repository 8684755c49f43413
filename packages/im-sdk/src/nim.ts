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

  // Sessions (SessionsManager) -------------------------------------------------------------------
  setCurrSession(...args: Parameters<SessionsManager['setCurrSession']>) {
    return this.sessions.setCurrSession(...args);
  }
  resetCurrSession(...args: Parameters<SessionsManager['resetCurrSession']>) {
    return this.sessions.resetCurrSession(...args);
  }
  resetSessionUnread(...args: Parameters<SessionsManager['resetSessionUnread']>) {
    return this.sessions.resetSessionUnread(...args);
  }
  getLocalSessions(...args: Parameters<SessionsManager['getLocalSessions']>) {
    return this.sessions.getLocalSessions(...args);
  }
  getLocalSession(...args: Parameters<SessionsManager['getLocalSession']>) {
    return this.sessions.getLocalSession(...args);
  }
  insertLocalSession(...args: Parameters<SessionsManager['insertLocalSession']>) {
    return this.sessions.insertLocalSession(...args);
  }
  updateLocalSession(...args: Parameters<SessionsManager['updateLocalSession']>) {
    return this.sessions.updateLocalSession(...args);
  }
  deleteLocalSession(...args: Parameters<SessionsManager['deleteLocalSession']>) {
    return this.sessions.deleteLocalSession(...args);
  }
  getServerSessions(...args: Parameters<SessionsManager['getServerSessions']>) {
    return this.sessions.getServerSessions(...args);
  }
  getServerSession(...args: Parameters<SessionsManager['getServerSession']>) {
    return this.sessions.getServerSession(...args);
  }
  updateServerSession(...args: Parameters<SessionsManager['updateServerSession']>) {
    return this.sessions.updateServerSession(...args);
  }
  deleteServerSessions(...args: Parameters<SessionsManager['deleteServerSessions']>) {
    return this.sessions.deleteServerSessions(...args);
  }
  deleteSession(...args: Parameters<SessionsManager['deleteSession']>) {
    return this.sessions.deleteSession(...args);
  }
  deleteSessions(...args: Parameters<SessionsManager['deleteSessions']>) {
    return this.sessions.deleteSessions(...args);
  }

  // Messages (MessagesManager) -------------------------------------------------------------------
  sendText(...args: Parameters<MessagesManager['sendText']>) {
    return this.messages.sendText(...args);
  }
  sendFile(...args: Parameters<FilesManager['sendFile']>) {
    return this.files.sendFile(...args);
  }
  sendGeo(...args: Parameters<MessagesManager['sendGeo']>) {
    return this.messages.sendGeo(...args);
  }
  sendTipMsg(...args: Parameters<MessagesManager['sendTipMsg']>) {
    return this.messages.sendTipMsg(...args);
  }
  sendRobotMsg(...args: Parameters<MessagesManager['sendRobotMsg']>) {
    return this.messages.sendRobotMsg(...args);
  }
  sendCustomMsg(...args: Parameters<MessagesManager['sendCustomMsg']>) {
    return this.messages.sendCustomMsg(...args);
  }
  resendMsg(...args: Parameters<MessagesManager['resendMsg']>) {
    return this.messages.resendMsg(...args);
  }
  forwardMsg(...args: Parameters<MessagesManager['forwardMsg']>) {
    return this.messages.forwardMsg(...args);
  }
  deleteMsg(...args: Parameters<MessagesManager['deleteMsg']>) {
    return this.messages.deleteMsg(...args);
  }
  deleteMsgSelf(...args: Parameters<MessagesManager['deleteMsgSelf']>) {
    return this.messages.deleteMsgSelf(...args);
  }
  clearServerHistoryMsgs(...args: Parameters<MessagesManager['clearServerHistoryMsgs']>) {
    return this.messages.clearServerHistoryMsgs(...args);
  }
  markMsgsRead(...args: Parameters<MessagesManager['markMsgsRead']>) {
    return this.messages.markMsgsRead(...args);
  }
  sendMsgReceipt(...args: Parameters<MessagesManager['sendMsgReceipt']>) {
    return this.messages.sendMsgReceipt(...args);
  }
  getHistoryMsgs(...args: Parameters<MessagesManager['getHistoryMsgs']>) {
    return this.messages.getHistoryMsgs(...args);
  }
  searchHistoryMsgs(...args: Parameters<MessagesManager['searchHistoryMsgs']>) {
    return this.messages.searchHistoryMsgs(...args);
  }
  getMsgsByIdServer(...args: Parameters<MessagesManager['getMsgsByIdServer']>) {
    return this.messages.getMsgsByIdServer(...args);
  }

  // Messages on this device (LocalMsgsManager) ---------------------------------------------------
  getLocalMsgs(...args: Parameters<LocalMsgsManager['getLocalMsgs']>) {
    return this.localMsgs.getLocalMsgs(...args);
  }
  getLocalMsgByIdClient(...args: Parameters<LocalMsgsManager['getLocalMsgByIdClient']>) {
    return this.localMsgs.getLocalMsgByIdClient(...args);
  }
  searchLocal(...args: Parameters<LocalMsgsManager['searchLocal']>) {
    return this.localMsgs.searchLocal(...args);
  }
  getLocalMsgsFromDB(...args: Parameters<LocalMsgsManager['getLocalMsgsFromDB']>) {
    return this.localMsgs.getLocalMsgsFromDB(...args);
  }
  clearDB(...args: Parameters<LocalMsgsManager['clearDB']>) {
    return this.localMsgs.clearDB(...args);
  }
  saveMsgsToLocal(...args: Parameters<LocalMsgsManager['saveMsgsToLocal']>) {
    return this.localMsgs.saveMsgsToLocal(...args);
  }
  deleteLocalMsg(...args: Parameters<LocalMsgsManager['deleteLocalMsg']>) {
    return this.localMsgs.deleteLocalMsg(...args);
  }
  updateLocalMsg(...args: Parameters<LocalMsgsManager['updateLocalMsg']>) {
    return this.localMsgs.updateLocalMsg(...args);
  }
  deleteLocalMsgs(...args: Parameters<LocalMsgsManager['deleteLocalMsgs']>) {
    return this.localMsgs.deleteLocalMsgs(...args);
  }
  deleteAllLocalMsgs(...args: Parameters<LocalMsgsManager['deleteAllLocalMsgs']>) {
    return this.localMsgs.deleteAllLocalMsgs(...args);
  }

  // Quick comments, collects, stick-top sessions, pins, threads (ExtrasManager) ------------------
  addQuickComment(...args: Parameters<ExtrasManager['addQuickComment']>) {
    return this.extras.addQuickComment(...args);
  }
  deleteQuickComment(...args: Parameters<ExtrasManager['deleteQuickComment']>) {
    return this.extras.deleteQuickComment(...args);
  }
  getQuickComments(...args: Parameters<ExtrasManager['getQuickComments']>) {
    return this.extras.getQuickComments(...args);
  }
  addCollect(...args: Parameters<ExtrasManager['addCollect']>) {
    return this.extras.addCollect(...args);
  }
  deleteCollects(...args: Parameters<ExtrasManager['deleteCollects']>) {
    return this.extras.deleteCollects(...args);
  }
  updateCollect(...args: Parameters<ExtrasManager['updateCollect']>) {
    return this.extras.updateCollect(...args);
  }
  getCollects(...args: Parameters<ExtrasManager['getCollects']>) {
    return this.extras.getCollects(...args);
  }
  addStickTopSession(...args: Parameters<ExtrasManager['addStickTopSession']>) {
    return this.extras.addStickTopSession(...args);
  }
  updateStickTopSession(...args: Parameters<ExtrasManager['updateStickTopSession']>) {
    return this.extras.updateStickTopSession(...args);
  }
  deleteStickTopSession(...args: Parameters<ExtrasManager['deleteStickTopSession']>) {
    return this.extras.deleteStickTopSession(...args);
  }
  getStickTopSessions(...args: Parameters<ExtrasManager['getStickTopSessions']>) {
    return this.extras.getStickTopSessions(...args);
  }
  addMsgPin(...args: Parameters<ExtrasManager['addMsgPin']>) {
    return this.extras.addMsgPin(...args);
  }
  updateMsgPin(...args: Parameters<ExtrasManager['updateMsgPin']>) {
    return this.extras.updateMsgPin(...args);
  }
  deleteMsgPin(...args: Parameters<ExtrasManager['deleteMsgPin']>) {
    return this.extras.deleteMsgPin(...args);
  }
  getMsgPins(...args: Parameters<ExtrasManager['getMsgPins']>) {
    return this.extras.getMsgPins(...args);
  }
  getThreadMsgs(...args: Parameters<ExtrasManager['getThreadMsgs']>) {
    return this.extras.getThreadMsgs(...args);
  }

  // Users, friends, blacklist and mutelist (PeopleManager) ---------------------------------------
  getMyInfo(...args: Parameters<PeopleManager['getMyInfo']>) {
    return this.people.getMyInfo(...args);
  }
  updateMyInfo(...args: Parameters<PeopleManager['updateMyInfo']>) {
    return this.people.updateMyInfo(...args);
  }
  getUsers(...args: Parameters<PeopleManager['getUsers']>) {
    return this.people.getUsers(...args);
  }
  getUser(...args: Parameters<PeopleManager['getUser']>) {
    return this.people.getUser(...args);
  }
  addFriend(...args: Parameters<PeopleManager['addFriend']>) {
    return this.people.addFriend(...args);
  }
  applyFriend(...args: Parameters<PeopleManager['applyFriend']>) {
    return this.people.applyFriend(...args);
  }
  passFriendApply(...args: Parameters<PeopleManager['passFriendApply']>) {
    return this.people.passFriendApply(...args);
  }
  rejectFriendApply(...args: Parameters<PeopleManager['rejectFriendApply']>) {
    return this.people.rejectFriendApply(...args);
  }
  deleteFriend(...args: Parameters<PeopleManager['deleteFriend']>) {
    return this.people.deleteFriend(...args);
  }
  updateFriend(...args: Parameters<PeopleManager['updateFriend']>) {
    return this.people.updateFriend(...args);
  }
  getFriends(...args: Parameters<PeopleManager['getFriends']>) {
    return this.people.getFriends(...args);
  }
  getLocalFriends(...args: Parameters<PeopleManager['getLocalFriends']>) {
    return this.people.getLocalFriends(...args);
  }
  markInBlacklist(...args: Parameters<PeopleManager['markInBlacklist']>) {
    return this.people.markInBlacklist(...args);
  }
  markInMutelist(...args: Parameters<PeopleManager['markInMutelist']>) {
    return this.people.markInMutelist(...args);
  }
  getRelations(...args: Parameters<PeopleManager['getRelations']>) {
    return this.people.getRelations(...args);
  }
  isUserInBlackList(...args: Parameters<PeopleManager['isUserInBlackList']>) {
    return this.people.isUserInBlackList(...args);
  }
  isUserInMuteList(...args: Parameters<PeopleManager['isUserInMuteList']>) {
    return this.people.isUserInMuteList(...args);
  }

  // System messages (SysMsgsManager) -------------------------------------------------------------
  sysMsgUnread(...args: Parameters<SysMsgsManager['sysMsgUnread']>) {
    return this.sysMsgs.sysMsgUnread(...args);
  }
  getLocalSysMsgs(...args: Parameters<SysMsgsManager['getLocalSysMsgs']>) {
    return this.sysMsgs.getLocalSysMsgs(...args);
  }
  markSysMsgRead(...args: Parameters<SysMsgsManager['markSysMsgRead']>) {
    return this.sysMsgs.markSysMsgRead(...args);
  }
  updateLocalSysMsg(...args: Parameters<SysMsgsManager['updateLocalSysMsg']>) {
    return this.sysMsgs.updateLocalSysMsg(...args);
  }
  deleteLocalSysMsg(...args: Parameters<SysMsgsManager['deleteLocalSysMsg']>) {
    return this.sysMsgs.deleteLocalSysMsg(...args);
  }
  deleteAllLocalSysMsgs(...args: Parameters<SysMsgsManager['deleteAllLocalSysMsgs']>) {
    return this.sysMsgs.deleteAllLocalSysMsgs(...args);
  }
  sendCustomSysMsg(...args: Parameters<SysMsgsManager['sendCustomSysMsg']>) {
    return this.sysMsgs.sendCustomSysMsg(...args);
  }

  // Teams (TeamsManager) -------------------------------------------------------------------------
  createTeam(...args: Parameters<TeamsManager['createTeam']>) {
    return this.teams.createTeam(...args);
  }
  updateTeam(...args: Parameters<TeamsManager['updateTeam']>) {
    return this.teams.updateTeam(...args);
  }
  addTeamMembers(...args: Parameters<TeamsManager['addTeamMembers']>) {
    return this.teams.addTeamMembers(...args);
  }
  removeTeamMembers(...args: Parameters<TeamsManager['removeTeamMembers']>) {
    return this.teams.removeTeamMembers(...args);
  }
  leaveTeam(...args: Parameters<TeamsManager['leaveTeam']>) {
    return this.teams.leaveTeam(...args);
  }
  dismissTeam(...args: Parameters<TeamsManager['dismissTeam']>) {
    return this.teams.dismissTeam(...args);
  }
  applyTeam(...args: Parameters<TeamsManager['applyTeam']>) {
    return this.teams.applyTeam(...args);
  }
  passTeamApply(...args: Parameters<TeamsManager['passTeamApply']>) {
    return this.teams.passTeamApply(...args);
  }
  rejectTeamApply(...args: Parameters<TeamsManager['rejectTeamApply']>) {
    return this.teams.rejectTeamApply(...args);
  }
  acceptTeamInvite(...args: Parameters<TeamsManager['acceptTeamInvite']>) {
    return this.teams.acceptTeamInvite(...args);
  }
  rejectTeamInvite(...args: Parameters<TeamsManager['rejectTeamInvite']>) {
    return this.teams.rejectTeamInvite(...args);
  }
  addTeamManagers(...args: Parameters<TeamsManager['addTeamManagers']>) {
    return this.teams.addTeamManagers(...args);
  }
  removeTeamManagers(...args: Parameters<TeamsManager['removeTeamManagers']>) {
    return this.teams.removeTeamManagers(...args);
  }
  transferTeam(...args: Parameters<TeamsManager['transferTeam']>) {
    return this.teams.transferTeam(...args);
  }
  updateNickInTeam(...args: Parameters<TeamsManager['updateNickInTeam']>) {
    return this.teams.updateNickInTeam(...args);
  }
  updateMuteStateInTeam(...args: Parameters<TeamsManager['updateMuteStateInTeam']>) {
    return this.teams.updateMuteStateInTeam(...args);
  }
  muteTeamAll(...args: Parameters<TeamsManager['muteTeamAll']>) {
    return this.teams.muteTeamAll(...args);
  }
  getMutedTeamMembers(...args: Parameters<TeamsManager['getMutedTeamMembers']>) {
    return this.teams.getMutedTeamMembers(...args);
  }
  getMyTeamMembers(...args: Parameters<TeamsManager['getMyTeamMembers']>) {
    return this.teams.getMyTeamMembers(...args);
  }
  updateInfoInTeam(...args: Parameters<TeamsManager['updateInfoInTeam']>) {
    return this.teams.updateInfoInTeam(...args);
  }
  getTeam(...args: Parameters<TeamsManager['getTeam']>) {
    return this.teams.getTeam(...args);
  }
  getTeams(...args: Parameters<TeamsManager['getTeams']>) {
    return this.teams.getTeams(...args);
  }
  getTeamMembers(...args: Parameters<TeamsManager['getTeamMembers']>) {
    return this.teams.getTeamMembers(...args);
  }
  getTeamMemberInvitorAccid(...args: Parameters<TeamsManager['getTeamMemberInvitorAccid']>) {
    return this.teams.getTeamMemberInvitorAccid(...args);
  }
  getLocalTeams(...args: Parameters<TeamsManager['getLocalTeams']>) {
    return this.teams.getLocalTeams(...args);
  }
  getLocalTeamMember(...args: Parameters<TeamsManager['getLocalTeamMember']>) {
    return this.teams.getLocalTeamMember(...args);
  }
  sendTeamMsgReceipt(...args: Parameters<TeamsManager['sendTeamMsgReceipt']>) {
    return this.teams.sendTeamMsgReceipt(...args);
  }
  getTeamMsgReads(...args: Parameters<TeamsManager['getTeamMsgReads']>) {
    return this.teams.getTeamMsgReads(...args);
  }
  getTeamMsgReadAccounts(...args: Parameters<TeamsManager['getTeamMsgReadAccounts']>) {
    return this.teams.getTeamMsgReadAccounts(...args);
  }
  syncTeamMembers(...args: Parameters<TeamsManager['syncTeamMembers']>) {
    return this.teams.syncTeamMembers(...args);
  }

  // Super teams (SuperTeamsManager) --------------------------------------------------------------
  createSuperTeam(...args: Parameters<SuperTeamsManager['createSuperTeam']>) {
    return this.superTeams.createSuperTeam(...args);
  }
  addSuperTeamMembers(...args: Parameters<SuperTeamsManager['addSuperTeamMembers']>) {
    return this.superTeams.addSuperTeamMembers(...args);
  }
  removeSuperTeamMembers(...args: Parameters<SuperTeamsManager['removeSuperTeamMembers']>) {
    return this.superTeams.removeSuperTeamMembers(...args);
  }
  leaveSuperTeam(...args: Parameters<SuperTeamsManager['leaveSuperTeam']>) {
    return this.superTeams.leaveSuperTeam(...args);
  }
  updateSuperTeamInfo(...args: Parameters<SuperTeamsManager['updateSuperTeamInfo']>) {
    return this.superTeams.updateSuperTeamInfo(...args);
  }
  getSuperTeam(...args: Parameters<SuperTeamsManager['getSuperTeam']>) {
    return this.superTeams.getSuperTeam(...args);
  }
  addSuperTeamManagers(...args: Parameters<SuperTeamsManager['addSuperTeamManagers']>) {
    return this.superTeams.addSuperTeamManagers(...args);
  }
  removeSuperTeamManagers(...args: Parameters<SuperTeamsManager['removeSuperTeamManagers']>) {
    return this.superTeams.removeSuperTeamManagers(...args);
  }
  transferSuperTeam(...args: Parameters<SuperTeamsManager['transferSuperTeam']>) {
    return this.superTeams.transferSuperTeam(...args);
  }
  updateSuperTeamMute(...args: Parameters<SuperTeamsManager['updateSuperTeamMute']>) {
    return this.superTeams.updateSuperTeamMute(...args);
  }
  applySuperTeam(...args: Parameters<SuperTeamsManager['applySuperTeam']>) {
    return this.superTeams.applySuperTeam(...args);
  }
  passSuperTeamApply(...args: Parameters<SuperTeamsManager['passSuperTeamApply']>) {
    return this.superTeams.passSuperTeamApply(...args);
  }
  rejectSuperTeamApply(...args: Parameters<SuperTeamsManager['rejectSuperTeamApply']>) {
    return this.superTeams.rejectSuperTeamApply(...args);
  }
  acceptSuperTeamInvite(...args: Parameters<SuperTeamsManager['acceptSuperTeamInvite']>) {
    return this.superTeams.acceptSuperTeamInvite(...args);
  }
  rejectSuperTeamInvite(...args: Parameters<SuperTeamsManager['rejectSuperTeamInvite']>) {
    return this.superTeams.rejectSuperTeamInvite(...args);
  }
  getMySuperTeamMembers(...args: Parameters<SuperTeamsManager['getMySuperTeamMembers']>) {
    return this.superTeams.getMySuperTeamMembers(...args);
  }
  getMutedSuperTeamMembers(...args: Parameters<SuperTeamsManager['getMutedSuperTeamMembers']>) {
    return this.superTeams.getMutedSuperTeamMembers(...args);
  }
  dismissSuperTeam(...args: Parameters<SuperTeamsManager['dismissSuperTeam']>) {
    return this.superTeams.dismissSuperTeam(...args);
  }
  updateNickInSuperTeam(...args: Parameters<SuperTeamsManager['updateNickInSuperTeam']>) {
    return this.superTeams.updateNickInSuperTeam(...args);
  }
  updateSuperTeamMembersMute(...args: Parameters<SuperTeamsManager['updateSuperTeamMembersMute']>) {
    return this.superTeams.updateSuperTeamMembersMute(...args);
  }
  getSuperTeams(...args: Parameters<SuperTeamsManager['getSuperTeams']>) {
    return this.superTeams.getSuperTeams(...args);
  }
  getSuperTeamMembers(...args: Parameters<SuperTeamsManager['getSuperTeamMembers']>) {
    return this.superTeams.getSuperTeamMembers(...args);
  }
  updateInfoInSuperTeam(...args: Parameters<SuperTeamsManager['updateInfoInSuperTeam']>) {
    return this.superTeams.updateInfoInSuperTeam(...args);
  }
  getSuperTeamMemberInvitorAccid(
    ...args: Parameters<SuperTeamsManager['getSuperTeamMemberInvitorAccid']>
  ) {
    return this.superTeams.getSuperTeamMemberInvitorAccid(...args);
  }
  getLocalSuperTeams(...args: Parameters<SuperTeamsManager['getLocalSuperTeams']>) {
    return this.superTeams.getLocalSuperTeams(...args);
  }

  // Presence events (EventsManager) --------------------------------------------------------------
  publishEvent(...args: Parameters<EventsManager['publishEvent']>) {
    return this.events.publishEvent(...args);
  }
  subscribeEvent(...args: Parameters<EventsManager['subscribeEvent']>) {
    return this.events.subscribeEvent(...args);
  }
  unSubscribeEventsByAccounts(...args: Parameters<EventsManager['unSubscribeEventsByAccounts']>) {
    return this.events.unSubscribeEventsByAccounts(...args);
  }
  unSubscribeEventsByType(...args: Parameters<EventsManager['unSubscribeEventsByType']>) {
    return this.events.unSubscribeEventsByType(...args);
  }
  querySubscribeEventsByAccounts(
    ...args: Parameters<EventsManager['querySubscribeEventsByAccounts']>
  ) {
    return this.events.querySubscribeEventsByAccounts(...args);
  }
  querySubscribeEventsByType(...args: Parameters<EventsManager['querySubscribeEventsByType']>) {
    return this.events.querySubscribeEventsByType(...args);
  }

  // Push settings (PushSettingsManager) ----------------------------------------------------------
  updatePushToken(...args: Parameters<PushSettingsManager['updatePushToken']>) {
    return this.pushSettings.updatePushToken(...args);
  }
  updateDonnop(...args: Parameters<PushSettingsManager['updateDonnop']>) {
    return this.pushSettings.updateDonnop(...args);
  }
  getDonnop(...args: Parameters<PushSettingsManager['getDonnop']>) {
    return this.pushSettings.getDonnop(...args);
  }

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
  signalingCreate(...args: Parameters<SignallingManager['signalingCreate']>) {
    return this.signalling.signalingCreate(...args);
  }
  signalingDelay(...args: Parameters<SignallingManager['signalingDelay']>) {
    return this.signalling.signalingDelay(...args);
  }
  signalingClose(...args: Parameters<SignallingManager['signalingClose']>) {
    return this.signalling.signalingClose(...args);
  }
  signalingGetChannelInfo(...args: Parameters<SignallingManager['signalingGetChannelInfo']>) {
    return this.signalling.signalingGetChannelInfo(...args);
  }
  signalingJoin(...args: Parameters<SignallingManager['signalingJoin']>) {
    return this.signalling.signalingJoin(...args);
  }
  signalingLeave(...args: Parameters<SignallingManager['signalingLeave']>) {
    return this.signalling.signalingLeave(...args);
  }
  signalingInvite(...args: Parameters<SignallingManager['signalingInvite']>) {
    return this.signalling.signalingInvite(...args);
  }
  signalingCancel(...args: Parameters<SignallingManager['signalingCancel']>) {
    return this.signalling.signalingCancel(...args);
  }
  signalingReject(...args: Parameters<SignallingManager['signalingReject']>) {
    return this.signalling.signalingReject(...args);
  }
  signalingAccept(...args: Parameters<SignallingManager['signalingAccept']>) {
    return this.signalling.signalingAccept(...args);
  }
  signalingControl(...args: Parameters<SignallingManager['signalingControl']>) {
    return this.signalling.signalingControl(...args);
  }
  signalingCall(...args: Parameters<SignallingManager['signalingCall']>) {
    return this.signalling.signalingCall(...args);
  }

  // Files, documents, anti-spam (FilesManager; sendFile sits with the messages above) ------------
  previewFile(...args: Parameters<FilesManager['previewFile']>) {
    return this.files.previewFile(...args);
  }
  getNosToken(...args: Parameters<FilesManager['getNosToken']>) {
    return this.files.getNosToken(...args);
  }
  processImage(...args: Parameters<FilesManager['processImage']>) {
    return this.files.processImage(...args);
  }
  viewImageStripMeta(...args: Parameters<FilesManager['viewImageStripMeta']>) {
    return this.files.viewImageStripMeta(...args);
  }
  viewImageQuality(...args: Parameters<FilesManager['viewImageQuality']>) {
    return this.files.viewImageQuality(...args);
  }
  viewImageInterlace(...args: Parameters<FilesManager['viewImageInterlace']>) {
    return this.files.viewImageInterlace(...args);
  }
  viewImageRotate(...args: Parameters<FilesManager['viewImageRotate']>) {
    return this.files.viewImageRotate(...args);
  }
  viewImageBlur(...args: Parameters<FilesManager['viewImageBlur']>) {
    return this.files.viewImageBlur(...args);
  }
  viewImageCrop(...args: Parameters<FilesManager['viewImageCrop']>) {
    return this.files.viewImageCrop(...args);
  }
  viewImageThumbnail(...args: Parameters<FilesManager['viewImageThumbnail']>) {
    return this.files.viewImageThumbnail(...args);
  }
  transDoc(...args: Parameters<FilesManager['transDoc']>) {
    return this.files.transDoc(...args);
  }
  fetchFile(...args: Parameters<FilesManager['fetchFile']>) {
    return this.files.fetchFile(...args);
  }
  fetchFileList(...args: Parameters<FilesManager['fetchFileList']>) {
    return this.files.fetchFileList(...args);
  }
  removeFile(...args: Parameters<FilesManager['removeFile']>) {
    return this.files.removeFile(...args);
  }
  getNosAccessToken(...args: Parameters<FilesManager['getNosAccessToken']>) {
    return this.files.getNosAccessToken(...args);
  }
  deleteNosAccessToken(...args: Parameters<FilesManager['deleteNosAccessToken']>) {
    return this.files.deleteNosAccessToken(...args);
  }
  getClientAntispam(...args: Parameters<FilesManager['getClientAntispam']>) {
    return this.files.getClientAntispam(...args);
  }
  audioToText(...args: Parameters<FilesManager['audioToText']>) {
    return this.files.audioToText(...args);
  }
}
