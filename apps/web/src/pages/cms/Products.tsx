// A product grid block: picture, name, the price (THE price formatter) and the crossed-out price
// before, an optional tag; a product with a link opens it.
import { Link } from 'react-router';
import { price } from '../campaign-kit/format.ts';
import styles from './CmsPage.module.css';

interface Product {
  name: string;
  image: string;
  price: number;
  originalPrice: number | null;
  tag: string;
  link: string;
}

function Card({ item }: { item: Product }) {
  const body = (
    <>
      <img src={item.image} alt="" width={120} height={120} loading="lazy" />
      {item.tag && <span className={styles.tag}>{item.tag}</span>}
      <h3 className={styles.productName}>{item.name}</h3>
      <p className={styles.prices}>
        <span className={styles.price}>{price(item.price)}</span>
        {item.originalPrice !== null && item.originalPrice > item.price && (
          <s className={styles.was}>
            <span className="sr-only">原价</span>
            {price(item.originalPrice)}
          </s>
        )}
      </p>
    </>
  );
  if (!item.link) return <li className={styles.product}>{body}</li>;
  return (
    <li className={styles.product}>
      {item.link.startsWith('/') ? (
        <Link className={styles.productLink} to={item.link}>
          {body}
        </Link>
      ) : (
        <a className={styles.productLink} href={item.link} rel="noopener noreferrer">
          {body}
        </a>
      )}
    </li>
  );
}

export function Products({
  title,
  columns,
  items,
}: {
  title: string;
  columns: number;
  items: Product[];
}) {
  return (
    <section className={styles.block} aria-label={title}>
      <h2 className={styles.blockTitle}>{title}</h2>
      <ul className={columns === 3 ? styles.grid3 : styles.grid2}>
        {items.map((item, i) => (
          <Card key={`${item.name}-${i}`} item={item} />
        ))}
      </ul>
    </section>
  );
}
