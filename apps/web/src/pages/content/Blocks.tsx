// The blocks of a content page (docs/content.md), each drawn by the page itself: text is written
// as text (never as markup), pictures and links are the site's paths or https addresses (the
// server's settings schema allows nothing else). The coupons block is drawn by the page, which
// owns the claiming.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataOf } from '../../request/api.ts';
import { price } from '../campaign-kit/format.ts';
import styles from './content.module.css';

export type Block = DataOf<'content.page'>['blocks'][number];

type EntryItem = Extract<Block, { type: 'entries' }>['items'][number];

/** One encyclopedia card: its head toggles the text, which is only in the page while open. */
function Entry({ item }: { item: EntryItem }) {
  const [open, setOpen] = useState(false);
  const body = useId();
  return (
    <div className={styles.entry}>
      <button
        type="button"
        className={styles.entryHead}
        aria-expanded={open}
        aria-controls={body}
        onClick={() => setOpen((o) => !o)}
      >
        <img src={item.image} alt="" width={48} height={48} loading="lazy" />
        <span className={styles.entryTitle}>{item.title}</span>
        <span className={styles.tags}>
          {item.tags.map((tag) => (
            <em key={tag}>{tag}</em>
          ))}
        </span>
        <span className={styles.toggle}>{open ? '收起' : '展开'}</span>
      </button>
      {open && (
        <p id={body} className={styles.paragraph}>
          {item.body}
        </p>
      )}
    </div>
  );
}

function BlockLink({ href, text }: { href: string; text: string }) {
  if (href.startsWith('/'))
    return (
      <Link className={styles.link} to={href}>
        {text} ›
      </Link>
    );
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {text} ›
    </a>
  );
}

export function ContentBlock({ block, coupons }: { block: Block; coupons: ReactNode }) {
  switch (block.type) {
    case 'heading':
      return <h2 className={styles.heading}>{block.text}</h2>;
    case 'paragraph':
      return <p className={styles.paragraph}>{block.text}</p>;
    case 'image':
      return (
        <figure className={styles.figure}>
          <img src={block.src} alt={block.alt} width={160} height={160} loading="lazy" />
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
    case 'quote':
      return (
        <blockquote className={styles.quote}>
          <p>{block.text}</p>
          {block.by && <footer>—— {block.by}</footer>}
        </blockquote>
      );
    case 'entries':
      return (
        <section className={styles.section} aria-label={block.title || '百科词条'}>
          {block.title && <h2 className={styles.heading}>{block.title}</h2>}
          {block.items.map((item) => (
            <Entry key={item.title} item={item} />
          ))}
        </section>
      );
    case 'products':
      return (
        <section className={styles.section} aria-label={block.title || '推荐商品'}>
          {block.title && <h2 className={styles.heading}>{block.title}</h2>}
          <ul className={styles.products}>
            {block.items.map((item) => (
              <li key={item.name} className={styles.product}>
                <img src={item.image} alt="" width={96} height={96} loading="lazy" />
                <strong>{item.name}</strong>
                {item.note && <span className={styles.note}>{item.note}</span>}
                <span className={styles.price}>{price(item.price)}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'coupons':
      return (
        <section className={styles.section} aria-label={block.title}>
          <h2 className={styles.heading}>{block.title}</h2>
          {coupons}
        </section>
      );
    case 'link':
      return <BlockLink href={block.href} text={block.text} />;
  }
}
