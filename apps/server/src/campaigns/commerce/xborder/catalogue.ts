// The cross-border catalogue's pure rules: what a purchase costs (price × quantity plus the
// cross-border tax, rounded half up to the fen), and search: every word of the query must
// match the name, brand, origin, category or a keyword (case-insensitive), and the name is cut
// into runs so the page can mark the matched text.
import type { XborderProduct, XborderSettings } from './settings.ts';

/** Tax of `fen` at `rate` basis points, rounded half up to the fen. */
export function taxOf(fen: number, rate: number): number {
  return Math.floor((fen * rate + 5000) / 10_000);
}

export interface Price {
  goods: number;
  tax: number;
  total: number;
}

/** Tax is computed on the line (price × quantity), the way customs assesses one declaration. */
export function priceOf(product: XborderProduct, quantity: number): Price {
  const goods = product.price * quantity;
  const tax = taxOf(goods, product.taxRate);
  return { goods, tax, total: goods + tax };
}

/** The query's words, lower-cased, at most 5 (a longer query narrows nothing more). */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s,，、]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 5);
}

export function onShelf(settings: XborderSettings): XborderProduct[] {
  return settings.products.filter((p) => !p.hidden);
}

export function matches(
  settings: XborderSettings,
  product: XborderProduct,
  words: readonly string[],
): boolean {
  const category = settings.categories.find((c) => c.id === product.categoryId)?.name ?? '';
  const haystack = [product.name, product.brand, product.origin, category, ...product.keywords]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface NamePart {
  text: string;
  hit: boolean;
}

/** The name in runs, each word's occurrences marked; one unmarked run without words. */
export function nameParts(name: string, words: readonly string[]): NamePart[] {
  const lower = name.toLowerCase();
  const marked = new Array<boolean>(name.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1))
      marked.fill(true, at, at + word.length);
  }
  const parts: NamePart[] = [];
  for (let i = 0; i < name.length; i++) {
    const last = parts.at(-1);
    if (last && last.hit === marked[i]) last.text += name[i];
    else parts.push({ text: name[i]!, hit: marked[i]! });
  }
  return parts.length > 0 ? parts : [{ text: name, hit: false }];
}
