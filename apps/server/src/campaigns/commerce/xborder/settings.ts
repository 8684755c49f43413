// Settings of the cross-border shop (kind `xborder`, docs/crossborder.md): the categories, the
// products with their origin, price, tax rate, per-order limit and stock, the hot search words,
// and how long an unpaid order stays open. Operators edit them through the admin campaign API;
// what has been sold is counted in the store (xborder_stock), so raising `stock` restocks.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../../schemas.ts';
import { repeatedValues, type Problem } from '../../settings-problems.ts';

const Id = Type.String({ pattern: '^[a-z0-9-]{1,32}$' });
const Image = Type.String({ minLength: 1, maxLength: 500 });

export const XborderSettings = Type.Object(
  {
    ...CampaignCopy,
    categories: Type.Array(
      Type.Object(
        { id: Id, name: Type.String({ minLength: 1, maxLength: 8 }), image: Image },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    products: Type.Array(
      Type.Object(
        {
          id: Id,
          categoryId: Id,
          name: Type.String({ minLength: 1, maxLength: 40 }),
          brand: Type.String({ maxLength: 20 }),
          origin: Type.String({ minLength: 1, maxLength: 12 }),
          spec: Type.String({ maxLength: 20 }),
          image: Image,
          description: Type.String({ maxLength: 500 }),
          /** Words a search also finds the product by (pinyin, English names, tastes). */
          keywords: Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 10 }),
          /** Fen, tax not included. */
          price: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
          /** The list price shown struck through; 0 for none. */
          marketPrice: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
          /** Cross-border comprehensive tax, basis points of the price (910 = 9.1%). */
          taxRate: Type.Integer({ minimum: 0, maximum: 5000 }),
          perOrderLimit: Type.Integer({ minimum: 1, maximum: 99 }),
          /** Pieces ever put on sale; what is left is this minus what orders hold. */
          stock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
          /** Off the shelf: not listed, not found, not sold (open orders still pay). */
          hidden: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200 },
    ),
    hotWords: Type.Array(Type.String({ minLength: 1, maxLength: 12 }), { maxItems: 12 }),
    /** An unpaid order closes after this, and its pieces go back on sale. */
    orderMinutes: Type.Integer({ minimum: 1, maximum: 120 }),
  },
  { additionalProperties: false },
);
export type XborderSettings = Static<typeof XborderSettings>;
export type XborderProduct = XborderSettings['products'][number];

/** What the schema cannot say: unique ids, products in a known category. */
export function xborderProblems(settings: XborderSettings): Problem[] {
  const categories = new Set(settings.categories.map((c) => c.id));
  const problems: Problem[] = [
    ...repeatedValues(settings.categories.map((c) => c.id)).map((id) => ({
      field: 'settings.categories',
      expects: `分类编号 ${id} 重复`,
    })),
    ...repeatedValues(settings.products.map((p) => p.id)).map((id) => ({
      field: 'settings.products',
      expects: `商品编号 ${id} 重复`,
    })),
  ];
  for (const product of settings.products) {
    if (!categories.has(product.categoryId))
      problems.push({
        field: `settings.products.${product.id}.categoryId`,
        expects: `应为 settings.categories 中的分类（${product.categoryId} 不在其中）`,
      });
  }
  return problems;
}
