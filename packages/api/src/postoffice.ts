// The rules of the voice post office (docs/postoffice.md), in one place for the pages that check
// as the shopper records and types, and the server that checks again before it keeps anything.
// Plain values and functions, no schemas, so the web bundle carries only this.

export const POSTCARD_LIMITS = {
  /** A recording stops by itself at a minute; the server refuses longer ones (with a little slack
   * for the recorder's own timer). */
  maxVoiceMs: 60_000,
  /** What the server allows past maxVoiceMs: a recorder stopped at 60 s writes a few frames more. */
  voiceSlackMs: 1_000,
  /** Shorter than this is a slip of the finger, not a message. */
  minVoiceMs: 1_000,
  /** A minute of Opus or AAC from a phone is well under 1 MB; 4 MB leaves room for high bit rates. */
  maxVoiceBytes: 4 * 1024 * 1024,
  /** Characters (code points) of the "to" and "from" lines. */
  nameMax: 12,
  /** Characters (code points) of the card's text. */
  textMax: 120,
} as const;

/** What the make page sends (the template, cover and voice come from the earlier pages). */
export interface PostcardText {
  to: string;
  from: string;
  text: string;
}

const length = (text: string) => [...text].length;

/**
 * Every problem of the card's lines at once, keyed by field (empty when none). Text is trimmed
 * first; "to" may be left blank (a card for whoever opens it), "from" and the text may not.
 */
export function postcardTextProblems(
  input: PostcardText,
): Partial<Record<keyof PostcardText, string>> {
  const problems: Partial<Record<keyof PostcardText, string>> = {};
  const to = input.to.trim();
  const from = input.from.trim();
  const text = input.text.trim();
  if (length(to) > POSTCARD_LIMITS.nameMax)
    problems.to = `收件人不能超过${POSTCARD_LIMITS.nameMax}个字`;
  if (from === '') problems.from = '请填写寄件人';
  else if (length(from) > POSTCARD_LIMITS.nameMax)
    problems.from = `寄件人不能超过${POSTCARD_LIMITS.nameMax}个字`;
  if (text === '') problems.text = '请写下想说的话';
  else if (length(text) > POSTCARD_LIMITS.textMax)
    problems.text = `正文不能超过${POSTCARD_LIMITS.textMax}个字`;
  return problems;
}
