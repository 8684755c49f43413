// /activity/crossBorder/categoryPage "商品分类": the categories down the side, the chosen one's
// products beside them (`?category=`; the first category without one).
import { useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { ProductTile } from './ProductTile.tsx';
import styles from './crossborder.module.css';

function Shelf({ category }: { category: string }) {
  const { remote, retry } = useRemote(() => api.call('xborder.products', { category }), [category]);
  if (remote.status === 'loading')
    return (
      <p className={styles.shelfLoading} role="status">
        加载中…
      </p>
    );
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  if (remote.data.products.length === 0)
    return <Empty title="这个分类暂时没有商品" description="去看看其他分类吧" />;
  return (
    <ul className={styles.list} aria-label="分类商品">
      {remote.data.products.map((product, index) => (
        <ProductTile key={product.id} product={product} index={index} />
      ))}
    </ul>
  );
}

export default function CategoryPage() {
  const [params, setParams] = useSearchParams();
  const { remote, retry } = useRemote(() => api.call('xborder.home'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { categories } = remote.data;
  const wanted = params.get('category');
  const active = categories.find((c) => c.id === wanted) ?? categories[0];
  if (!active) return <Empty title="暂无商品分类" />;
  return (
    <main className={styles.categoryPage}>
      <nav className={styles.sideBar} aria-label="商品分类">
        {categories.map((category) => (
          <button
            key={category.id}
            type="button"
            className={category.id === active.id ? styles.sideActive : styles.sideItem}
            aria-current={category.id === active.id ? 'page' : undefined}
            onClick={() => setParams({ category: category.id }, { replace: true })}
          >
            {category.name}
          </button>
        ))}
      </nav>
      <section className={styles.shelf} aria-label={active.name}>
        <h1 className={styles.shelfTitle}>{active.name}</h1>
        <Shelf category={active.id} />
      </section>
    </main>
  );
}
