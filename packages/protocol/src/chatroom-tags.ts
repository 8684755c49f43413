// Chatroom tags (NIM's 聊天室标签): each connection of a room carries up to 10 tags, and a
// message or notification may name which connections receive it with a tag expression
// (`notifyTargetTags`). An expression is a bare tag (`vip`) or JSON: `{"tag": "vip"}`,
// `{"and": [...]}`, `{"or": [...]}`, `{"not": expr}`. Parsed once, matched per connection;
// anything else is refused with a message naming what is wrong (decision 0048).

/** Tags one connection may carry, and the length of each (NIM's limits). */
export const CHATROOM_TAG_LIMITS = { perConnection: 10, tagLength: 32, expressionLength: 2048 };
/** How deep an expression may nest (a cost bound on matching every connection of a room). */
const MAX_DEPTH = 8;
/** Tag names an expression may name at most. */
const MAX_TERMS = 50;

export type TagExpression =
  { tag: string } | { and: TagExpression[] } | { or: TagExpression[] } | { not: TagExpression };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class ExpressionError extends Error {}

function build(node: unknown, depth: number, terms: { count: number }): TagExpression {
  if (depth > MAX_DEPTH) throw new ExpressionError(`nested deeper than ${MAX_DEPTH}`);
  if (typeof node === 'string') return build({ tag: node }, depth, terms);
  if (!isObject(node) || Object.keys(node).length !== 1)
    throw new ExpressionError('each part must be an object with one of tag, and, or, not');
  if ('tag' in node) {
    const tag = node.tag;
    if (typeof tag !== 'string' || tag.length === 0 || tag.length > CHATROOM_TAG_LIMITS.tagLength)
      throw new ExpressionError(
        `a tag is text of 1 to ${CHATROOM_TAG_LIMITS.tagLength} characters`,
      );
    if (++terms.count > MAX_TERMS) throw new ExpressionError(`more than ${MAX_TERMS} tags`);
    return { tag };
  }
  if ('not' in node) return { not: build(node.not, depth + 1, terms) };
  const operator = 'and' in node ? 'and' : 'or' in node ? 'or' : undefined;
  if (!operator)
    throw new ExpressionError('each part must be an object with one of tag, and, or, not');
  const list = node[operator];
  if (!Array.isArray(list) || list.length === 0)
    throw new ExpressionError('and / or take a non-empty list');
  const parts = list.map((part) => build(part, depth + 1, terms));
  return operator === 'and' ? { and: parts } : { or: parts };
}

/** The expression, or a message saying why the text is not one. */
export function parseTagExpression(text: string): TagExpression | { error: string } {
  if (text.length > CHATROOM_TAG_LIMITS.expressionLength)
    return { error: `longer than ${CHATROOM_TAG_LIMITS.expressionLength} characters` };
  const trimmed = text.trim();
  let node: unknown = trimmed;
  if (trimmed.startsWith('{')) {
    try {
      node = JSON.parse(trimmed);
    } catch {
      return { error: 'not valid JSON' };
    }
  }
  try {
    return build(node, 0, { count: 0 });
  } catch (error) {
    if (error instanceof ExpressionError) return { error: error.message };
    throw error;
  }
}

/** Whether a connection with these tags is a target of the expression. */
export function matchesTags(expression: TagExpression, tags: ReadonlySet<string>): boolean {
  if ('tag' in expression) return tags.has(expression.tag);
  if ('not' in expression) return !matchesTags(expression.not, tags);
  if ('and' in expression) return expression.and.every((part) => matchesTags(part, tags));
  return expression.or.some((part) => matchesTags(part, tags));
}

/**
 * The tags an expression sends to by name: every `{tag}` not under a `not` (a message for `vip`
 * or for `vip and gold` is a message of `vip`; one for `not vip` is not). History by tags files
 * a message under these.
 */
export function namedTags(expression: TagExpression): string[] {
  const found = new Set<string>();
  const visit = (node: TagExpression) => {
    if ('tag' in node) found.add(node.tag);
    else if ('and' in node) node.and.forEach(visit);
    else if ('or' in node) node.or.forEach(visit);
  };
  visit(expression);
  return [...found];
}

/** NIM's default target of a member's entering and leaving: every one of its own tags. */
export function allTagsExpression(tags: readonly string[]): string | undefined {
  if (tags.length === 0) return undefined;
  return JSON.stringify({ and: tags.map((tag) => ({ tag })) });
}
