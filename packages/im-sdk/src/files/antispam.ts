// The client anti-spam check (spec section 8): text against the app's lexicon, on the device.
// The lexicon is NIM's thesaurus JSON, set by the operator through the server REST API:
//   { "thesaurus": [ { "name": "…", "type": 1 | 2 | 3, "keys": [ { "key": "…" }, … ] }, … ] }
// type 1 replaces the words with '*' (answer type 1 and the filtered text), 2 tells the client
// to refuse the text, 3 tells it to send the text for the server to judge. The strictest match
// wins: 2 over 3 over 1.

export interface AntispamResult {
  /** 200 checked, 404 no text or no lexicon, 500 the lexicon cannot be read. */
  code: 200 | 404 | 500;
  /** 0 clean, 1 words replaced, 2 suggest rejecting, 3 let the server handle it. */
  type: 0 | 1 | 2 | 3;
  /** The text after replacements (type 1), else the text as given. */
  result: string;
  errmsg?: string;
}

interface Group {
  type: number;
  keys: string[];
}

function parseLexicon(text: string): Group[] | undefined {
  try {
    const body = JSON.parse(text) as { thesaurus?: unknown };
    if (!Array.isArray(body.thesaurus)) return undefined;
    return body.thesaurus.map((group: { type?: unknown; keys?: unknown }) => {
      const type = Number(group.type);
      if (![1, 2, 3].includes(type) || !Array.isArray(group.keys)) throw new Error('bad group');
      const keys = group.keys
        .map((k: { key?: unknown } | string) => (typeof k === 'string' ? k : k?.key))
        .filter((k): k is string => typeof k === 'string' && k.length > 0);
      return { type, keys };
    });
  } catch {
    return undefined;
  }
}

export function filterClientAntispam(content: string, lexicon?: string): AntispamResult {
  if (!content) return { code: 404, type: 0, result: '', errmsg: 'no text' };
  if (!lexicon) return { code: 404, type: 0, result: content, errmsg: 'no lexicon' };
  const groups = parseLexicon(lexicon);
  if (!groups) return { code: 500, type: 0, result: content, errmsg: 'the lexicon is unparsable' };
  const hits = (type: number) =>
    groups.filter((g) => g.type === type).flatMap((g) => g.keys.filter((k) => content.includes(k)));
  if (hits(2).length) return { code: 200, type: 2, result: content };
  if (hits(3).length) return { code: 200, type: 3, result: content };
  const replaced = hits(1);
  if (!replaced.length) return { code: 200, type: 0, result: content };
  let result = content;
  // Longer words first, so a word inside another is not half replaced.
  for (const key of replaced.sort((a, b) => b.length - a.length))
    result = result.split(key).join('*'.repeat([...key].length));
  return { code: 200, type: 1, result };
}
