import { describe, expect, it } from 'vitest';
import {
  CODES,
  describeCode,
  DIAGNOSTIC_CODES,
  ImError,
  KICK_REASONS,
  NAMED_ERRORS,
  NON_ERROR_CODES,
  SYNC_ERRORS,
} from './codes.ts';

// Every code of spec/messaging.md section 8, copied from the spec's table and lists.
const SPEC_CODES = [
  201, 302, 403, 404, 405, 408, 414, 415, 416, 417, 422, 500, 501, 503, 508, 509, 7101, 801, 802,
  803, 804, 805, 806, 807, 809, 811, 812, 813, 814, 815, 997, 998, 999, 9102, 9103, 11001, 13002,
  13003, 13004, 13006, 10404, 10405, 10406, 10407, 10408, 10409, 10410, 10201, 10202, 10419, 10420,
  10417,
];

describe('the code catalogue', () => {
  it('holds every code of the spec', () => {
    for (const code of SPEC_CODES) expect(CODES, String(code)).toHaveProperty(String(code));
  });

  it('gives the signalling codes their meanings', () => {
    expect(CODES).toMatchObject({
      10404: 'room not exists',
      10405: 'room exists',
      10406: 'member not exists',
      10407: 'member exists',
      10408: 'invite not exists',
      10409: 'invite rejected',
      10410: 'invite accepted',
      10201: 'peer offline',
      10202: 'peer push offline',
      10419: 'member limit exceeded',
      10420: 'member exists on other client',
      10417: 'uid conflict',
    });
  });

  it('records 408, 415 and 500 for diagnostics', () => {
    expect([...DIAGNOSTIC_CODES].sort()).toEqual([408, 415, 500]);
  });

  it('treats 200, 406, 808 and 810 as no error', () => {
    expect([...NON_ERROR_CODES].sort()).toEqual([200, 406, 808, 810]);
  });

  it('gives unknown codes the generic message', () => {
    expect(describeCode(12345)).toBe('operation failed');
    expect(describeCode(416)).toBe('frequency control');
  });

  it('has every named error', () => {
    // Copied from the spec's list, in its order.
    expect(NAMED_ERRORS).toEqual([
      'Connect_Failed',
      'Error_Internet_Disconnected',
      'Error_Connection_is_not_Established',
      'Error_Connection_Socket_State_not_Match',
      'Error_Timeout',
      'Param_Error',
      'No_File_Selected',
      'Wrong_File_Type',
      'File_Too_Large',
      'Cross_Origin_Iframe',
      'Not_Support',
      'NO_DB',
      'DB',
      'Still_In_Team',
      'Session_Exist',
      'Session_Not_Exist',
      'Error_Unknown',
      'Operation_Canceled',
      'Not_Allow_Multi_Instance',
    ]);
    expect(new ImError('Error_Timeout').message).toBe('Error_Timeout');
    expect(new ImError(302).message).toBe('wrong user name or password');
  });

  it('has the custom sync errors and the login kick reasons', () => {
    expect(SYNC_ERRORS).toEqual([
      'SYNC_DATA_ERROR',
      'SYNC_SESSION_ACK_ERROR',
      'SYNC_promiseArray_ERROR',
      'SYNC_TEAM_MEMBERS_ERROR',
      'EVENT_SERVICE_ERROR',
    ]);
    expect(Object.keys(KICK_REASONS)).toEqual([
      'samePlatformKick',
      'serverKick',
      'otherPlatformKick',
      'silentlyKick',
    ]);
  });
});
