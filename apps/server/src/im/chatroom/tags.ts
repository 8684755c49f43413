// Chatroom tags on the server (decision 0048): a connection's tags live on its RoomMember (this
// process delivers to it), a message's or notification's target travels with its frame as a
// canonical expression (fanout.ts matches it per connection). Bad tags or expressions are 414.
import { allTagsExpression, CHATROOM_TAG_LIMITS, parseTagExpression } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import type { RoomMember } from './fanout.ts';

/** A tag expression checked and written canonically (JSON), or a 414 naming what is wrong. */
export function canonicalTarget(text: string, field = 'notifyTargetTags'): string {
  const parsed = parseTagExpression(text);
  if ('error' in parsed) throw new CommandError(414, `${field}: ${parsed.error}`);
  return JSON.stringify(parsed);
}

/** An expression given, or none: an empty text means everyone, as NIM's SDK documents. */
export function optionalTarget(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : canonicalTarget(text);
}

/** A connection's tags, distinct, within NIM's limits. */
export function checkedTags(tags: readonly string[] | undefined): string[] {
  const distinct = [...new Set(tags ?? [])];
  if (distinct.length > CHATROOM_TAG_LIMITS.perConnection)
    throw new CommandError(414, `tags: at most ${CHATROOM_TAG_LIMITS.perConnection} tags`);
  return distinct;
}

/**
 * Who hears a member enter and leave: its own notifyTargetTags, else (NIM's rule) the members
 * carrying every one of its tags, else everyone.
 */
export function presenceTarget(member: RoomMember): { target?: string } {
  const text = member.notifyTargetTags ?? allTagsExpression([...member.tags]);
  return text === undefined ? {} : { target: canonicalTarget(text) };
}
