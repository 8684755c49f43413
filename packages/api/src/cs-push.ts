// Customer service's push (decision 0065, docs/customer-service.md): when a conversation changes
// (a message, an assignment, a transfer, an end) the server sends its parties, and the online
// agents when the queue changed, an online-only custom system notification through the IM cloud.
// It carries no message text: the page that receives it fetches (cs.messages, cs.queue) as it
// would on a poll, so every read stays behind the routes' permission checks.

/** The sender the notifications name: the service team, not an account anyone logs in with. */
export const CS_PUSH_FROM = 'morsel_cs';

/** What a notification says: which conversation changed. */
export interface CsPush {
  type: 'cs.changed';
  conversationId: number;
}

export function csPushContent(conversationId: number): string {
  return JSON.stringify({ type: 'cs.changed', conversationId } satisfies CsPush);
}

/** The notification a custom system notification carries, or undefined for any other. */
export function parseCsPush(from: string, content: string): CsPush | undefined {
  if (from !== CS_PUSH_FROM) return undefined;
  try {
    const value = JSON.parse(content) as Partial<CsPush> | null;
    return value?.type === 'cs.changed' && Number.isSafeInteger(value.conversationId)
      ? { type: 'cs.changed', conversationId: value.conversationId! }
      : undefined;
  } catch {
    return undefined;
  }
}
