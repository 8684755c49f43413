// A product in a grid or list: picture, name (the search's matches marked), origin, price.
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import type { ProductCard } from './api.ts';
import styles from './crossborder.module.css';

export function ProductName({ parts }: { parts: ProductCard['nameParts'] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className={styles.hit}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The first tiles of a grid or list load their picture at once: they are on screen when the page
 * opens, and a lazy picture there waits for layout (it was the shop front's LCP element, 2.1 s of
 * load delay in Lighthouse, issue 24). The rest stay lazy.
 */
const EAGER_TILES = 2;

export function ProductTile({
  product,
  wechatPass = false,
  index,
}: {
  product: ProductCard;
  wechatPass?: boolean;
  /** The tile's place in its list, from 0. */
  index: number;
}) {
  return (
    <li className={styles.tile}>
      <Link className={styles.tileLink} to={paths.crossBorderDetail(product.id, { wechatPass })}>
        <span className={styles.tilePicture}>
          <img
            src={product.image}
            alt=""
            width={120}
            height={120}
            loading={index < EAGER_TILES ? 'eager' : 'lazy'}
          />
          {product.soldOut && <span className={styles.soldOut}>已售罄</span>}
        </span>
        <span className={styles.tileBody}>
          <span className={styles.origin}>{product.origin}</span>
          <span className={styles.tileName}>
            <ProductName parts={product.nameParts} />
          </span>
          <span className={styles.tileSpec}>{product.spec}</span>
          <span className={styles.priceRow}>
            <span className={styles.price}>¥{product.priceText}</span>
            {product.marketPriceText && (
              <s className={styles.marketPrice}>¥{product.marketPriceText}</s>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function ProductGrid({
  products,
  wechatPass,
  label,
}: {
  products: readonly ProductCard[];
  wechatPass?: boolean;
  label: string;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <ProductTile key={product.id} product={product} wechatPass={wechatPass} index={index} />
      ))}
    </ul>
  );
}
