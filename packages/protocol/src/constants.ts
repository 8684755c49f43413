// The business constants and limits of spec/messaging.md section 9 (and the limits of section 5
// that both sides enforce), in one object each, so that no number is written twice.

/** Product identifiers shared with the campaign app (spec/campaign-app.md section 1). */
export const PRODUCT = {
  platformId: 3,
  platform: 2,
  companyId: 30,
  cloudChannelType: 188,
  clientVersion: '4.12.251',
} as const;

export const LINK = {
  /** Serial numbers run 1..32767 then wrap to 1; 0 is reserved for the heartbeat. */
  serialMax: 32767,
  heartbeatSerial: 0,
  socketConnectTimeoutMs: 10_000,
  handshakeTimeoutMs: 10_000,
  mobileConnectTimeoutMs: 8_000,
  heartbeatIntervalMs: 60_000,
  httpTimeoutMs: 60_000,
  uploadTimeoutMs: 600_000,
} as const;

export const RECONNECT = {
  initialDelayMs: 500,
  backoffFactor: 2,
  maxAttempts: 10,
  reopenDelayMs: 3_000,
  fallbackTimerMs: 30_000,
  disconnectCallbackTimeoutMs: 10_000,
} as const;

export const SYNC = {
  /** Sync-done check: processing waits for original-url lookups, up to 20 tries of 300 ms. */
  doneCheckTries: 20,
  doneCheckIntervalMs: 300,
  maxRetries: 3,
  /**
   * A message pushed live moves its category's timetag to its time minus this margin, so the next
   * sync does not send again what the device holds. The margin bounds how long a message may take
   * from getting its time to being pushed (commit, bus, clock skew between server processes): a
   * message older than the margin that the device never got cannot be stepped over.
   */
  liveTimetagMarginMs: 60_000,
} as const;

export const CHATROOM = {
  bufferIntervalMs: 300,
  bufferSize: 500,
  memberListDefaultLimit: 100,
} as const;

export const LIMITS = {
  minNosSurvivalTimeS: 86_400,
  psMaxLength: 5_000,
  historyMaxLimit: 100,
  historyDefaultLimit: 100,
  localSysMsgsMaxLimit: 100,
  getMsgsByIdServerMax: 100,
  /** Ours: batchMarkRead and deleteSessions take at most 100 ids per call, as getMsgsByIdServer. */
  markMsgsReadMax: 100,
  deleteSessionsMax: 100,
  getQuickCommentsMax: 20,
  deleteCollectsMax: 100,
  getCollectsMaxLimit: 100,
  getThreadMsgsMaxLimit: 100,
  getUsersMax: 150,
  updateSuperTeamMembersMuteMax: 10,
  getTeamMemberInvitorAccidMax: 200,
  fileListDefaultLimit: 10,
  fileListMaxLimit: 30,
  eventAccountsBatch: 100,
  defaultReadLimit: 100,
  sessionLoadLimit: 500,
  mobileMaxUploadBytes: 100 * 1024 * 1024,
  mobileChunkBytes: 4 * 1024 * 1024,
} as const;

export const EVENTS = {
  subscribeTimeMinS: 60,
  subscribeTimeMaxS: 2_592_000,
  subscribeTimeDefaultS: 2_592_000,
  validTimeMinS: 60,
  validTimeMaxS: 604_800,
  validTimeDefaultS: 604_800,
  broadcastTypes: [1, 2],
  broadcastTypeDefault: 2,
  /** Built-in event types 1..3; custom types start here. */
  customTypeMin: 100_000,
  /** Custom types end here: a bounded range (with the per-account quota of kept events; stored in a 32-bit column). */
  customTypeMax: 999_999,
} as const;

export const LOGGING = {
  levels: ['debug', 'log', 'info', 'warn', 'error'],
  flushIntervalMs: 5_000,
  flushBackoffStepMs: 5_000,
  postTimeoutMs: 360,
  errorReportTimeoutMs: 2_000,
  localFileBytes: 1024 * 1024,
  /** Query parameter carrying the login reply's uploadTicket to the log and statistics endpoints. */
  uploadTicketParam: 'ticket',
} as const;

export const LOCAL_DB = {
  version: 11,
  taskQueueConcurrency: 100,
} as const;

export const PROBE = {
  ipProbeTimeoutMs: 2_000,
  ipProbeFallbackMs: 100,
} as const;
