// A postcard as every page draws it: the cover on the front, then the paper in the template's
// colours with a stamp, "to", the text, "from" and the day; `children` (the voice player, or
// the make page's inputs) sit on the paper.
import type { CSSProperties, ReactNode } from 'react';
import styles from './postoffice.module.css';

export interface PostcardLook {
  name: string;
  paper: string;
  ink: string;
  accent: string;
}

/** The template's colours as the CSS variables the card's styles read. */
export function lookStyle(look: PostcardLook): CSSProperties {
  return {
    '--card-paper': look.paper,
    '--card-ink': look.ink,
    '--card-accent': look.accent,
  } as CSSProperties;
}

export function PostcardView({
  look,
  cover,
  to,
  text,
  from,
  date,
  children,
  label,
}: {
  look: PostcardLook;
  cover: { name: string; image: string };
  to?: string;
  text?: string;
  from?: string;
  date?: string;
  children?: ReactNode;
  label: string;
}) {
  return (
    <article className={styles.postcard} style={lookStyle(look)} aria-label={label}>
      <div className={styles.front}>
        <img className={styles.coverImage} src={cover.image} alt={`封面：${cover.name}`} />
        <span className={styles.stamp} aria-hidden="true">
          <span>声音</span>
          <span>邮局</span>
        </span>
      </div>
      <div className={styles.paper}>
        {to !== undefined && <p className={styles.to}>{to ? `致 ${to}：` : '致 你：'}</p>}
        {text !== undefined && <p className={styles.text}>{text}</p>}
        {children}
        {from !== undefined && (
          <p className={styles.from}>
            —— {from}
            {date && <span className={styles.date}>{date}</span>}
          </p>
        )}
      </div>
    </article>
  );
}
