import { describe, expect, it } from 'vitest';
import { allTagsExpression, matchesTags, namedTags, parseTagExpression } from './chatroom-tags.ts';

const parse = (text: string) => {
  const parsed = parseTagExpression(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};
const tags = (...names: string[]) => new Set(names);

describe('chatroom tag expressions', () => {
  it('reads a bare tag and NIM’s JSON forms, and matches connections by their tags', () => {
    expect(matchesTags(parse('vip'), tags('vip'))).toBe(true);
    expect(matchesTags(parse('{"tag":"vip"}'), tags('newbie'))).toBe(false);
    const both = parse('{"and":[{"tag":"vip"},{"tag":"beijing"}]}');
    expect(matchesTags(both, tags('vip', 'beijing'))).toBe(true);
    expect(matchesTags(both, tags('vip'))).toBe(false);
    const either = parse('{"or":["vip",{"tag":"newbie"}]}');
    expect(matchesTags(either, tags('newbie'))).toBe(true);
    expect(matchesTags(parse('{"not":{"tag":"vip"}}'), tags())).toBe(true);
    expect(matchesTags(parse('{"not":{"tag":"vip"}}'), tags('vip'))).toBe(false);
  });

  it('refuses what is not an expression, naming why', () => {
    expect(parseTagExpression('{"xor":[]}')).toEqual({
      error: 'each part must be an object with one of tag, and, or, not',
    });
    expect(parseTagExpression('{"and":[]}')).toEqual({ error: 'and / or take a non-empty list' });
    expect(parseTagExpression('{"tag":')).toEqual({ error: 'not valid JSON' });
    expect(parseTagExpression('x'.repeat(33))).toMatchObject({ error: expect.any(String) });
    const deep = '{"not":'.repeat(10) + '"a"' + '}'.repeat(10);
    expect(parseTagExpression(deep)).toEqual({ error: 'nested deeper than 8' });
    const wide = JSON.stringify({ or: Array.from({ length: 51 }, (_, i) => `t${i}`) });
    expect(parseTagExpression(wide)).toEqual({ error: 'more than 50 tags' });
  });

  it('targets a member’s entering at those with all of its tags', () => {
    expect(allTagsExpression([])).toBeUndefined();
    const target = parse(allTagsExpression(['vip', 'beijing'])!);
    expect(matchesTags(target, tags('vip', 'beijing', 'x'))).toBe(true);
    expect(matchesTags(target, tags('vip'))).toBe(false);
  });

  it('files a message under the tags its target names, never those under a not', () => {
    expect(namedTags(parse('vip'))).toEqual(['vip']);
    const mixed = { or: [{ and: ['vip', 'gold'] }, { not: 'newbie' }, 'vip'] };
    expect(namedTags(parse(JSON.stringify(mixed)))).toEqual(['vip', 'gold']);
    expect(namedTags(parse('{"not": {"or": ["a", "b"]}}'))).toEqual([]);
  });
});
