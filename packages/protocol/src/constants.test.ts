import { describe, expect, it } from 'vitest';
import {
  CHATROOM,
  EVENTS,
  LIMITS,
  LINK,
  LOCAL_DB,
  LOGGING,
  PROBE,
  PRODUCT,
  RECONNECT,
  SYNC,
} from './constants.ts';

// Every row of spec/messaging.md section 9 ("Business constants and limits"), value by value, so
// that a constant changed by mistake is caught here rather than on a client.
describe('the constants of document 2, section 9', () => {
  it.each([
    ['Minimum nosSurvivalTime: 86400 s', LIMITS.minNosSurvivalTimeS, 86_400],
    ['ps maximum: 5000', LIMITS.psMaxLength, 5_000],
    ['Serial number wrap: after 32767', LINK.serialMax, 32_767],
    ['0 is the heartbeat serial', LINK.heartbeatSerial, 0],
    ['Chatroom message buffer interval: 300 ms', CHATROOM.bufferIntervalMs, 300],
    ['Chatroom message buffer size: 500', CHATROOM.bufferSize, 500],
    ['Socket connect timeout: 10000 ms', LINK.socketConnectTimeoutMs, 10_000],
    ['Mobile SDK connect timeout: 8 s', LINK.mobileConnectTimeoutMs, 8_000],
    ['Mobile SDK heartbeat: 60 s', LINK.heartbeatIntervalMs, 60_000],
    ['Reconnection delay: 500 ms', RECONNECT.initialDelayMs, 500],
    ['Reopen delay: 3000 ms', RECONNECT.reopenDelayMs, 3_000],
    ['Max reconnection attempts: 10', RECONNECT.maxAttempts, 10],
    ['Backoff factor: 2', RECONNECT.backoffFactor, 2],
    ['Reconnect fallback timer: 30 s', RECONNECT.fallbackTimerMs, 30_000],
    ['Disconnect callback time-out: 10 s', RECONNECT.disconnectCallbackTimeoutMs, 10_000],
    ['Handshake time-out: 10 s', LINK.handshakeTimeoutMs, 10_000],
    ['HTTP timeout: 60000 ms', LINK.httpTimeoutMs, 60_000],
    ['Upload timeout: 600000 ms', LINK.uploadTimeoutMs, 600_000],
    ['Mobile SDK max upload: 100 MB', LIMITS.mobileMaxUploadBytes, 100 * 1024 * 1024],
    ['Mobile SDK chunk: 4 MB', LIMITS.mobileChunkBytes, 4 * 1024 * 1024],
    ['Sync-done check: up to 20 tries', SYNC.doneCheckTries, 20],
    ['Sync-done check: at 300 ms', SYNC.doneCheckIntervalMs, 300],
    ['Log flush: every 5 s', LOGGING.flushIntervalMs, 5_000],
    ['Log flush grows by 5 s on failure', LOGGING.flushBackoffStepMs, 5_000],
    ['Log post time-out: 360 ms', LOGGING.postTimeoutMs, 360],
    ['Error report time-out: 2 s', LOGGING.errorReportTimeoutMs, 2_000],
    ['IP probe time-out: 2000 ms', PROBE.ipProbeTimeoutMs, 2_000],
    ['IP probe fallback: 100 ms', PROBE.ipProbeFallbackMs, 100],
    ['Local log file size: default 1 MB', LOGGING.localFileBytes, 1024 * 1024],
    ['Local database version: 11', LOCAL_DB.version, 11],
    ['Task queue: 100 concurrent', LOCAL_DB.taskQueueConcurrency, 100],
    ['Default read limit: 100', LIMITS.defaultReadLimit, 100],
    ['Session load limit: 500', LIMITS.sessionLoadLimit, 500],
    ['Event subscription: 2592000 s default', EVENTS.subscribeTimeDefaultS, 2_592_000],
    ['Event validity: from 60 s', EVENTS.validTimeMinS, 60],
    ['Event validity: to 604800 s', EVENTS.validTimeMaxS, 604_800],
    ['Platform id: 3', PRODUCT.platformId, 3],
    ['Platform: 2', PRODUCT.platform, 2],
    ['Company id: 30', PRODUCT.companyId, 30],
    ['Cloud channel type: 188', PRODUCT.cloudChannelType, 188],
  ] as const)('%s', (_row, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('Logger levels: debug, log, info, warn, error', () => {
    expect(LOGGING.levels).toEqual(['debug', 'log', 'info', 'warn', 'error']);
  });

  it('Client version: 4.12.251', () => {
    expect(PRODUCT.clientVersion).toBe('4.12.251');
  });
});
