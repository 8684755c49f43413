// A banner block: the operator's pictures side by side in a horizontal scroller that snaps to
// each (CSS scroll-snap: swiping is the browser's own, no carousel library), dots below.
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './CmsPage.module.css';

interface Item {
  image: string;
  alt: string;
  link: string;
}

function Picture({ item, eager }: { item: Item; eager: boolean }) {
  const img = (
    <img
      src={item.image}
      alt={item.alt}
      width={750}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
  if (!item.link) return img;
  if (item.link.startsWith('/')) return <Link to={item.link}>{img}</Link>;
  return (
    <a href={item.link} rel="noopener noreferrer">
      {img}
    </a>
  );
}

export function Banner({ items }: { items: Item[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const onScroll = () => {
    const el = track.current;
    if (el) setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };
  return (
    <section className={styles.banner} aria-roledescription="轮播" aria-label="活动图片">
      <div className={styles.bannerTrack} ref={track} onScroll={onScroll}>
        {items.map((item, i) => (
          <div key={`${item.image}-${i}`} className={styles.bannerSlide}>
            <Picture item={item} eager={i === 0} />
          </div>
        ))}
      </div>
      {items.length > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {items.map((item, i) => (
            <span
              key={`${item.image}-${i}`}
              className={i === current ? styles.dotOn : styles.dot}
            />
          ))}
        </div>
      )}
    </section>
  );
}
