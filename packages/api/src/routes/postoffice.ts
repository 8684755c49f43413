// The voice post office (issue 23, docs/postoffice.md): templates and covers as the operator set
// them, a recorded voice uploaded and checked (type, size, length), the card written and saved,
// its public link (an unguessable code) that anyone can open and play, and "my postcards".
import { Type } from '@sinclair/typebox';
import { Millis, Nullable } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import {
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';

/** A card's public code: 16 random bytes, base64url. */
const CodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }) });

const Cover = Type.Object({
  key: Type.String(),
  name: Type.String(),
  /** The picture on the front of the card (landscape, about 690 x 420). */
  image: Type.String(),
});

/** How a card is drawn: its paper, ink and accent colours. */
const Look = Type.Object({
  key: Type.String(),
  name: Type.String(),
  paper: Type.String({ description: 'CSS colour of the card' }),
  ink: Type.String({ description: 'CSS colour of its writing' }),
  accent: Type.String({ description: 'CSS colour of its stamp and buttons' }),
});

const Template = Type.Composite([
  Look,
  Type.Object({
    description: Type.String(),
    /** A line the make page offers to start from. */
    greeting: Type.String(),
    /** Keys of the covers this template goes with, in the operator's order. */
    covers: Type.Array(Type.String()),
  }),
]);

const Card = Type.Object({
  code: Type.String(),
  look: Look,
  cover: Cover,
  voice: Type.Object({ url: Type.String(), durationMs: Type.Integer() }),
  to: Type.String(),
  from: Type.String(),
  text: Type.String(),
  createdAt: Millis,
  /** Whether the caller made it (never who did). */
  mine: Type.Boolean(),
});

export const POSTOFFICE_ROUTES = defineRoutes({
  'postoffice.home': {
    summary:
      'The post office: its copy, templates and covers as the operator chose them, the limits',
    data: Type.Object({
      campaign: CampaignView,
      intro: Type.String(),
      templates: Type.Array(Template),
      covers: Type.Array(Cover),
      limits: Type.Object({ voicesPerDay: Type.Integer(), cardsPerDay: Type.Integer() }),
      loggedIn: Type.Boolean(),
    }),
    errors: [...CAMPAIGN],
  },
  'postoffice.uploadVoice': {
    summary:
      'Uploads one recording (multipart, field `file`: audio of at most 60 s and 4 MB); kept as MP3',
    data: Type.Object({
      /** What the card names the recording by. */
      voice: Type.String(),
      url: Type.String(),
      durationMs: Type.Integer(),
      size: Type.Integer(),
    }),
    errors: [
      // No schema: the body is multipart; an unreadable JSON or form body is still 10000.
      'badRequest',
      ...LOGGED_IN,
      ...RUNNING,
      'postcardVoiceMissing',
      'postcardVoiceType',
      'postcardVoiceTooLarge',
      'postcardVoiceTooLong',
      'postcardVoiceTooShort',
      'postcardVoiceQuota',
      'postcardVoiceUnavailable',
    ],
  },
  'postoffice.create': {
    summary: 'Saves a card: template, cover, the uploaded recording and its lines',
    body: Type.Object({
      template: Type.String({ maxLength: 32 }),
      cover: Type.String({ maxLength: 32 }),
      voice: Type.String({ maxLength: 64 }),
      to: Type.String({ maxLength: 200 }),
      from: Type.String({ maxLength: 200 }),
      text: Type.String({ maxLength: 2000 }),
    }),
    data: Card,
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      ...RUNNING,
      'postcardDesignInvalid',
      'postcardVoiceInvalid',
      'postcardTextInvalid',
      'postcardQuota',
    ],
  },
  'postoffice.mine': {
    summary: "The caller's cards, newest first, 20 a page",
    querystring: Type.Object({
      before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
    }),
    data: Type.Object({
      cards: Type.Array(Card),
      /** Pass as `before` for the next page; null on the last. */
      next: Nullable(Type.String()),
    }),
    errors: [...UNREADABLE, ...LOGGED_IN_READ],
  },
  'postoffice.card': {
    summary: 'One card by its link: what anyone with the link sees and plays',
    params: CodeParams,
    data: Card,
    errors: [...UNREADABLE, 'postcardNotFound'],
  },
  'postoffice.remove': {
    summary: 'Deletes one of the caller’s cards; its link stops working',
    params: CodeParams,
    data: Type.Null(),
    errors: [...UNREADABLE, ...LOGGED_IN, 'postcardNotFound'],
  },
});
