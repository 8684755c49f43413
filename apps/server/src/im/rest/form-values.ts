// Form fields that carry JSON (NIM's accid lists): parsed and checked the same way by every action,
// a field that does not parse answering 414 naming it.
import { ACCID_MAX } from '@morsel/protocol/nim-rest';
import { NimError } from './nim-errors.ts';

/** A JSON array of 1..max accids, lower-cased (NIM's accids are case-insensitive), without repeats. */
export function parseAccidList(text: string, field: string, max: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NimError(414, `${field} must be a JSON array of accids`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    parsed.length > max ||
    !parsed.every((a) => typeof a === 'string' && a.length > 0 && a.length <= ACCID_MAX)
  )
    throw new NimError(414, `${field} must be a JSON array of 1 to ${max} accids`);
  return [...new Set((parsed as string[]).map((a) => a.toLowerCase()))];
}
