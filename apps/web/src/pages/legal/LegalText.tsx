// One legal text page: a title, numbered sections and a way back to where the shopper was.
import { useNavigate } from 'react-router';
import { paths } from '../../routes/paths.ts';
import styles from './LegalText.module.css';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function LegalText({ title, sections }: { title: string; sections: LegalSection[] }) {
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home()));
  return (
    <main className={styles.page}>
      <header className={styles.bar}>
        <button type="button" className={styles.back} onClick={back} aria-label="返回">
          ‹ 返回
        </button>
        <h1 className={styles.title}>{title}</h1>
      </header>
      {sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </main>
  );
}
