// /activity/crossBorder/search "搜索": the hot words before a search; the products matching every
// word, the matched text marked; when nothing matches, words and products to try instead.
// The query lives in `?q=`, so a search can be shared and the back button returns to it.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { Button } from '../../ui/index.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { ProductGrid, ProductTile } from './ProductTile.tsx';
import styles from './crossborder.module.css';

const MAX_QUERY = 30;

function Words({
  title,
  words,
  onPick,
}: {
  title: string;
  words: readonly string[];
  onPick: (word: string) => void;
}) {
  if (words.length === 0) return null;
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.chips}>
        {words.map((word) => (
          <button key={word} type="button" className={styles.chip} onClick={() => onPick(word)}>
            {word}
          </button>
        ))}
      </div>
    </section>
  );
}

function Results({ query, onPick }: { query: string; onPick: (word: string) => void }) {
  const { remote, retry } = useRemote(() => api.call('xborder.products', { q: query }), [query]);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { products, suggestions } = remote.data;
  if (products.length > 0)
    return (
      <section className={styles.section} aria-label="搜索结果">
        <p className={styles.resultCount} role="status">
          找到 {products.length} 件相关商品
        </p>
        <ul className={styles.list}>
          {products.map((product, index) => (
            <ProductTile key={product.id} product={product} index={index} />
          ))}
        </ul>
      </section>
    );
  return (
    <>
      <Empty
        title={`没有找到“${query}”相关的商品`}
        description="换个关键词试试，或看看下面的推荐"
      />
      <Words title="试试这些" words={suggestions.words} onPick={onPick} />
      {suggestions.products.length > 0 && (
        <section className={styles.section} aria-labelledby="xb-suggest">
          <h2 id="xb-suggest" className={styles.sectionTitle}>
            为你推荐
          </h2>
          <ProductGrid products={suggestions.products} label="为你推荐" />
        </section>
      )}
    </>
  );
}

function HotWords({ onPick }: { onPick: (word: string) => void }) {
  const { remote, retry } = useRemote(() => api.call('xborder.home'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  return <Words title="热门搜索" words={remote.data.hotWords} onPick={onPick} />;
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const [typed, setTyped] = useState(query);

  const search = (word: string) => {
    const q = word.trim().slice(0, MAX_QUERY);
    setTyped(q);
    setParams(q ? { q } : {});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(typed);
  };

  return (
    <main className={styles.page}>
      <form className={styles.searchForm} role="search" onSubmit={submit}>
        <input
          className={styles.searchInput}
          type="search"
          enterKeyHint="search"
          aria-label="搜索商品"
          placeholder="搜索进口零食、品牌、产地"
          maxLength={MAX_QUERY}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" color="primary" shape="rounded" size="small">
          搜索
        </Button>
      </form>
      {query ? <Results query={query} onPick={search} /> : <HotWords onPick={search} />}
    </main>
  );
}
