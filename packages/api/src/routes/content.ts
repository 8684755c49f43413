// The forms-and-content wave's routes (docs/content.md, issue 22): the love account (charity
// projects funded with points from the ledger, the donor list, my donations) and the content
// pages (gift stories, topics, the snack encyclopedia, partner zones with their own coupons),
// whose copy is a structured block list in each page's settings.
import { Type } from '@sinclair/typebox';
import { Key, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView, CouponView, TemplateView } from '../schemas/views.ts';
import {
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';

const Progress = {
  goalPoints: Type.Integer(),
  raisedPoints: Type.Integer(),
  /** Donations made (爱心人次). */
  donations: Type.Integer(),
  /** open: taking donations; funded: the goal is reached. */
  state: StringEnum(['open', 'funded']),
};

const LoveProjectCard = Type.Object({
  key: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  image: Type.String(),
  organiser: Type.String(),
  ...Progress,
});

const Donor = Type.Object({
  /** The nickname masked (first character kept). */
  name: Type.String(),
  /** The mobile masked (138****1234). */
  mobile: Type.String(),
  points: Type.Integer(),
  donatedAt: Millis,
});

const MyDonation = Type.Object({
  id: Type.Integer(),
  projectKey: Type.String(),
  projectTitle: Type.String(),
  projectImage: Type.String(),
  points: Type.Integer(),
  donatedAt: Millis,
});

const ProjectParams = Type.Object({ key: Key });

/** One block of a content page; the page renders them in order (no HTML anywhere). */
const ContentBlock = Type.Union([
  Type.Object({ type: Type.Literal('heading'), text: Type.String() }),
  Type.Object({ type: Type.Literal('paragraph'), text: Type.String() }),
  Type.Object({
    type: Type.Literal('image'),
    src: Type.String(),
    alt: Type.String(),
    caption: Type.String(),
  }),
  Type.Object({ type: Type.Literal('quote'), text: Type.String(), by: Type.String() }),
  Type.Object({
    type: Type.Literal('entries'),
    title: Type.String(),
    items: Type.Array(
      Type.Object({
        title: Type.String(),
        image: Type.String(),
        tags: Type.Array(Type.String()),
        body: Type.String(),
      }),
    ),
  }),
  Type.Object({
    type: Type.Literal('products'),
    title: Type.String(),
    items: Type.Array(
      Type.Object({
        name: Type.String(),
        image: Type.String(),
        price: Type.Integer({ description: 'in fen' }),
        note: Type.String(),
      }),
    ),
  }),
  Type.Object({ type: Type.Literal('coupons'), title: Type.String() }),
  Type.Object({
    type: Type.Literal('link'),
    text: Type.String(),
    href: Type.String({ description: 'a path of this site or an https address' }),
  }),
]);

const PageCoupon = Type.Object({
  ...TemplateView.properties,
  perUserLimit: Type.Integer(),
  claimedByMe: Type.Integer(),
  soldOut: Type.Boolean(),
  state: StringEnum(['claimable', 'claimed', 'sold_out']),
});

export const CONTENT_ROUTES = defineRoutes({
  'love.projects': {
    summary: 'The love account: charity projects with their progress, and the shopper’s points',
    data: Type.Object({
      campaign: CampaignView,
      loggedIn: Type.Boolean(),
      /** Points the shopper holds (null logged out). */
      balance: Nullable(Type.Integer()),
      /** What the shopper gave in all (null logged out). */
      myPoints: Nullable(Type.Integer()),
      projects: Type.Array(LoveProjectCard),
    }),
    errors: [...CAMPAIGN],
  },
  'love.project': {
    summary: 'One charity project: its story, progress, recent donors (masked) and my part',
    params: ProjectParams,
    data: Type.Object({
      campaign: CampaignView,
      loggedIn: Type.Boolean(),
      balance: Nullable(Type.Integer()),
      project: Type.Object({
        ...LoveProjectCard.properties,
        story: Type.Array(Type.String()),
        /** What the goal still needs. */
        remainingPoints: Type.Integer(),
      }),
      /** The quick amounts the page offers. */
      presets: Type.Array(Type.Integer()),
      maxPointsPerDonation: Type.Integer(),
      /** Donations the shopper may still make today (null logged out). */
      donationsLeftToday: Nullable(Type.Integer()),
      myPoints: Nullable(Type.Integer()),
      /** The latest donors, newest first. */
      donors: Type.Array(Donor),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'loveProjectNotFound'],
  },
  'love.donate': {
    summary: 'Donate points to a project (atomic: never past the balance nor the goal)',
    body: Type.Object({
      project: Key,
      points: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      /** Chosen by the page per donation: a retried request donates once. */
      requestId: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }),
    }),
    data: Type.Object({
      donation: MyDonation,
      balance: Type.Integer(),
      project: Type.Object({ key: Type.String(), ...Progress }),
      donationsLeftToday: Type.Integer(),
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'loveProjectNotFound',
      'loveProjectFunded',
      'loveOverGoal',
      'loveAmountInvalid',
      'loveDailyLimit',
      'pointsInsufficient',
    ],
  },
  'love.mine': {
    summary: 'My donations, newest first',
    data: Type.Object({
      totalPoints: Type.Integer(),
      donations: Type.Array(MyDonation),
    }),
    errors: [...CAMPAIGN, ...LOGGED_IN_READ],
  },

  'content.page': {
    summary: 'A content page: its blocks, and its coupons with the shopper’s state of each',
    params: Type.Object({ page: Key }),
    data: Type.Object({
      campaign: CampaignView,
      loggedIn: Type.Boolean(),
      /** Accent colour of the page's header (#rrggbb). */
      theme: Type.String(),
      blocks: Type.Array(ContentBlock),
      /** The page's own coupons (empty when it has none). */
      coupons: Type.Array(PageCoupon),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'contentPageNotFound'],
  },
  'content.claim': {
    summary: 'Claim one of a content page’s coupons (the coupon centre’s limits and stock)',
    params: Type.Object({ page: Key }),
    body: Type.Object({ templateKey: Key }),
    data: CouponView,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'contentPageNotFound',
      'couponNotFound',
      'couponSoldOut',
      'couponLimitReached',
    ],
  },
});
