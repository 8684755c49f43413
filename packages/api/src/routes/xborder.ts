// The cross-border shop (docs/crossborder.md): the catalogue with its categories, search with the
// matched text marked and suggestions when nothing matches, a product's detail (origin, tax,
// per-order limit, stock) and buy now, which makes an order the cashier (orders.pay) pays.
// Amounts are integer fen; `…Text` fields are the same amounts in yuan with 2 decimals.
import { Type } from '@sinclair/typebox';
import { FormInteger } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import { PaymentMethod } from './commerce.ts';
import { CAMPAIGN, defineRoutes, LOGGED_IN, RUNNING, UNREADABLE } from './define.ts';

export const ProductId = Type.String({ pattern: '^[a-z0-9-]{1,32}$', description: 'product id' });
const CategoryId = Type.String({ pattern: '^[a-z0-9-]{1,32}$' });

const Category = Type.Object({
  id: Type.String(),
  name: Type.String(),
  image: Type.String({ description: 'icon URL' }),
});

/** A run of a product name, marked when it matched the search. */
const NamePart = Type.Object({ text: Type.String(), hit: Type.Boolean() });

export const ProductCard = Type.Object({
  id: Type.String(),
  categoryId: Type.String(),
  name: Type.String(),
  /** The name cut at the search's matches ([{text: name, hit: false}] without a search). */
  nameParts: Type.Array(NamePart),
  brand: Type.String(),
  /** Country or region of origin, e.g. 日本. */
  origin: Type.String(),
  spec: Type.String({ description: 'pack size, e.g. 120g×2袋' }),
  image: Type.String(),
  price: Type.Integer({ description: 'fen, tax not included' }),
  priceText: Type.String(),
  marketPriceText: Type.String({ description: "the list price, '' when none" }),
  soldOut: Type.Boolean(),
});

export const ProductDetail = Type.Object({
  ...ProductCard.properties,
  description: Type.String(),
  /** Cross-border comprehensive tax in basis points of the price (910 = 9.1%). */
  taxRate: Type.Integer(),
  taxRateText: Type.String({ description: 'e.g. 9.1%' }),
  /** Tax of one piece, fen (rounded half up). */
  unitTax: Type.Integer(),
  unitTaxText: Type.String(),
  perOrderLimit: Type.Integer({ minimum: 1 }),
  stockLeft: Type.Integer({ minimum: 0 }),
});

const Methods = Type.Array(Type.Object({ id: PaymentMethod, name: Type.String() }));

export const XBORDER_ROUTES = defineRoutes({
  'xborder.home': {
    summary: 'The shop front: categories, hot search words, and the catalogue in shelf order',
    data: Type.Object({
      campaign: CampaignView,
      categories: Type.Array(Category),
      hotWords: Type.Array(Type.String()),
      products: Type.Array(ProductCard),
      methods: Methods,
    }),
    errors: [...CAMPAIGN],
  },
  'xborder.products': {
    summary:
      'Products of a category or matching a search (every word must match); suggestions when none',
    // Open to the fields the web's request wrappers add to every call.
    querystring: Type.Object({
      category: Type.Optional(CategoryId),
      q: Type.Optional(Type.String({ maxLength: 30 })),
    }),
    data: Type.Object({
      products: Type.Array(ProductCard),
      /** When nothing matched a search: words and products to try instead; else empty. */
      suggestions: Type.Object({
        words: Type.Array(Type.String()),
        products: Type.Array(ProductCard),
      }),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'xborder.product': {
    summary: "A product's detail: origin, tax, per-order limit and the stock left",
    params: Type.Object({ productId: ProductId }),
    data: Type.Object({ campaign: CampaignView, product: ProductDetail, methods: Methods }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'productNotFound'],
  },
  'xborder.order': {
    summary:
      'Buy now: priced here (price × quantity + tax) and refused unless it equals what the page showed',
    body: Type.Object({
      productId: ProductId,
      quantity: FormInteger({ minimum: 1, maximum: 99 }, '^([1-9]|[1-9][0-9])$', 'pieces'),
      amount: FormInteger(
        { minimum: 1, maximum: 100_000_000 },
        '^([1-9]\\d{0,7}|100000000)$',
        'the total the page showed (goods and tax), fen',
      ),
    }),
    data: Type.Object({
      orderNo: Type.String(),
      amount: Type.Integer(),
      amountText: Type.String(),
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'productNotFound',
      'purchaseLimitExceeded',
      'outOfStock',
      'orderAmountChanged',
    ],
  },
});
