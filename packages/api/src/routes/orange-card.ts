// The orange gift card (docs/orange-card.md): prepaid gift cards by city and face value. An order
// is paid through the commerce cashier (orders.pay); its cards exist from the verified payment
// on. A card is given to a friend by a link carrying an unguessable token that one person can
// claim; a gift not claimed in time returns to the giver. Amounts are integer fen with `…Text`
// twins in yuan (2 decimals).
import { Type } from '@sinclair/typebox';
import { FormInteger, IdParams, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import {
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';
import { OrderNo, OrderState, PaymentMethod } from './commerce.ts';

const CityCode = Type.String({ pattern: '^[a-z0-9-]{1,32}$', description: 'a configured city' });
const FaceId = Type.String({ pattern: '^[a-z0-9-]{1,32}$' });
/** 43 characters of base64url: 256 random bits. */
const GiftToken = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });
const GiftParams = Type.Object({ token: GiftToken });

const City = Type.Object({ code: Type.String(), name: Type.String() });

const Face = Type.Object({
  id: Type.String(),
  amount: Type.Integer({ description: 'fen: what one card costs and holds' }),
  amountText: Type.String(),
});

export const OrangeCardState = StringEnum(['active', 'giving', 'void']);

/** A card as its owner sees it. */
export const OrangeCardView = Type.Object({
  id: Type.Integer(),
  cardNo: Type.String({ description: 'masked: 6688 **** **** 1234' }),
  cityName: Type.String(),
  faceValue: Type.Integer(),
  faceValueText: Type.String(),
  balance: Type.Integer(),
  balanceText: Type.String(),
  state: OrangeCardState,
  /** How the owner got it. */
  source: StringEnum(['bought', 'gift']),
  createdAt: Millis,
  /** The gift in progress while the card is `giving` (the giver can share the link again). */
  gift: Nullable(Type.Object({ token: Type.String(), blessing: Type.String(), expiresAt: Millis })),
});

export const OrangeOrderView = Type.Object({
  orderNo: Type.String(),
  subject: Type.String(),
  state: OrderState,
  method: Nullable(PaymentMethod),
  city: City,
  face: Face,
  quantity: Type.Integer(),
  amount: Type.Integer({ description: 'fen: face value times quantity' }),
  amountText: Type.String(),
  createdAt: Millis,
  expiresAt: Millis,
  paidAt: Nullable(Millis),
  /** The cards the payment issued (empty until it is confirmed); only the ones still the buyer's. */
  cards: Type.Array(OrangeCardView),
  /** Cards of this order the buyer has given away. */
  givenCount: Type.Integer(),
  serverTime: Millis,
});

export const GiftState = StringEnum(['pending', 'claimed', 'returned']);

const GivenGift = Type.Object({
  cardNo: Type.String({ description: 'masked' }),
  faceValueText: Type.String(),
  cityName: Type.String(),
  blessing: Type.String(),
  state: GiftState,
  receiver: Nullable(Type.String({ description: 'masked mobile' })),
  createdAt: Millis,
  expiresAt: Millis,
  claimedAt: Nullable(Millis),
  returnedAt: Nullable(Millis),
});

export const ORANGE_CARD_ROUTES = defineRoutes({
  'orangeCard.home': {
    summary: 'The cities, the face values of a city, and (for a shopper) the city they chose',
    querystring: Type.Object({ city: Type.Optional(CityCode) }),
    data: Type.Object({
      campaign: CampaignView,
      cardName: Type.String(),
      cities: Type.Array(City),
      /** The city asked for, else the shopper's remembered one, else the first. */
      city: City,
      faces: Type.Array(Face),
      maxQuantity: Type.Integer(),
      giftHours: Type.Integer(),
      blessings: Type.Array(Type.String()),
      methods: Type.Array(Type.Object({ id: PaymentMethod, name: Type.String() })),
      /** Cards the shopper holds now (0 for a visitor). */
      cardsHeld: Type.Integer(),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'orangeCard.chooseCity': {
    summary: "Remember the shopper's city",
    body: Type.Object({ city: CityCode }),
    data: City,
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN, 'orangeCityUnknown'],
  },
  'orangeCard.order': {
    summary: 'Order cards; the amount is computed here and must equal what the page showed',
    body: Type.Object({
      city: CityCode,
      faceId: FaceId,
      quantity: FormInteger({ minimum: 1, maximum: 20 }, '^([1-9]|1[0-9]|20)$'),
      amount: FormInteger(
        { minimum: 1, maximum: 100_000_000 },
        '^([1-9]\\d{0,7}|100000000)$',
        'the total the page showed, fen',
      ),
    }),
    data: OrangeOrderView,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'orangeCityUnknown',
      'orangeFaceInvalid',
      'orderAmountChanged',
      'orangeDailyOrderLimit',
    ],
  },
  'orangeCard.records': {
    summary: "The shopper's card orders, newest first",
    querystring: Type.Object({
      before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
    }),
    data: Type.Object({
      orders: Type.Array(OrangeOrderView),
      /** Pass as `before` for older orders; null at the end. */
      next: Nullable(Type.String()),
    }),
    errors: [...UNREADABLE, ...LOGGED_IN_READ],
  },
  'orangeCard.orderDetail': {
    summary: 'One card order with the cards it issued (the result page polls it)',
    params: Type.Object({ orderNo: OrderNo }),
    data: OrangeOrderView,
    errors: [...UNREADABLE, ...LOGGED_IN_READ, 'orderNotFound'],
  },
  'orangeCard.cards': {
    summary: "The shopper's cards and the gifts they have sent",
    data: Type.Object({ cards: Type.Array(OrangeCardView), given: Type.Array(GivenGift) }),
    errors: [...LOGGED_IN_READ],
  },
  'orangeCard.give': {
    summary: 'Give a card with a blessing: answers the one-claim token of its share link',
    params: IdParams,
    body: Type.Object({
      blessing: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' }),
    }),
    data: OrangeCardView,
    errors: [
      ...UNREADABLE,
      ...CAMPAIGN,
      ...LOGGED_IN,
      'orangeCardNotFound',
      'orangeCardNotGivable',
      'orangeGiftDailyLimit',
    ],
  },
  'orangeCard.gift': {
    summary: 'What a gift link holds (the receive page), and whether the caller sent or got it',
    params: GiftParams,
    data: Type.Object({
      cardName: Type.String(),
      giver: Type.String({ description: 'masked mobile' }),
      blessing: Type.String(),
      cityName: Type.String(),
      faceValue: Type.Integer(),
      faceValueText: Type.String(),
      /** `pending` past its expiry reads `returned` (the job may not have run yet). */
      state: GiftState,
      expiresAt: Millis,
      /** `giver`, `receiver`, or null for anyone else and visitors. */
      role: Nullable(StringEnum(['giver', 'receiver'])),
      serverTime: Millis,
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'orangeGiftNotFound'],
  },
  'orangeCard.claim': {
    summary: 'Claim a gift: exactly one claimer wins; the card becomes theirs',
    params: GiftParams,
    data: OrangeCardView,
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'orangeGiftNotFound',
      'orangeGiftOwn',
      'orangeGiftClaimed',
      'orangeGiftExpired',
    ],
  },
});
