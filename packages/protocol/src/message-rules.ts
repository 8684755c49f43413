// The rules of document 2, section 5 for an outgoing message beyond its schema, with the spec's
// wording. The SDK checks them before sending and the server again on receipt.
import { MSG_TYPES, type OutgoingMsg } from './commands/shapes/messaging.ts';

const FILE_TYPES = new Set<number>([
  MSG_TYPES.image,
  MSG_TYPES.audio,
  MSG_TYPES.video,
  MSG_TYPES.file,
]);

/** null when the message may be sent, else why not. */
export function checkOutgoingMsg(msg: OutgoingMsg): string | null {
  if (!['p2p', 'team', 'superTeam'].includes(msg.scene))
    return 'scene must be p2p, team or superTeam';
  if (!msg.to) return 'to is required';
  if (msg.type === undefined || msg.type === null) return 'type is required';
  if (msg.resend && !msg.idClient) return 'resend requires idClient';
  if (msg.apns?.accounts !== undefined && !Array.isArray(msg.apns.accounts))
    return 'apns accounts must be an array';
  switch (msg.type) {
    case MSG_TYPES.text:
    case MSG_TYPES.tip:
      return msg.text ? null : 'text is required';
    case MSG_TYPES.geo:
      if (
        !msg.geo ||
        typeof msg.geo.lng !== 'number' ||
        typeof msg.geo.lat !== 'number' ||
        typeof msg.geo.title !== 'string'
      ) {
        return 'geo needs lng and lat numbers and a title string';
      }
      return null;
    case MSG_TYPES.robot:
      if (!msg.robot) return 'robot is required';
      if (msg.robot.type === 'text' && !msg.robot.content) return 'robot text needs content';
      if (msg.robot.type === 'link' && !msg.robot.target) return 'robot link needs target';
      return null;
    case MSG_TYPES.custom:
      return msg.content ? null : 'custom messages need content';
    case MSG_TYPES.notification:
      return 'notification messages are sent by the server only';
    default:
      if (FILE_TYPES.has(msg.type)) {
        if (!msg.file || !msg.file.url || !msg.file.ext || typeof msg.file.size !== 'number')
          return 'file needs url, ext and size';
        // Duration (ms) and pixel sizes, when given, are what players and layouts rely on.
        for (const field of ['dur', 'w', 'h'] as const) {
          const value = msg.file[field];
          if (value !== undefined && (!Number.isInteger(value) || value < 0))
            return `file ${field} must be a non-negative integer`;
        }
        return null;
      }
      return 'type is not valid';
  }
}

export const SAFE_URL_RULE = 'a safe short url must start with http and contain im_url=1';

/** Document 2: a safe short URL starts with http and contains im_url=1. */
export function isSafeShortUrl(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('http') && url.includes('im_url=1');
}
