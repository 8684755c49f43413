// /activity/crossBorder/index "跨境馆" (and /activity/wechat_pass/crossborderIndex, the same shop
// reached from WeChat links): the shop front — search, the categories, and the catalogue.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { CampaignNotice, Empty, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { ProductGrid } from './ProductTile.tsx';
import styles from './crossborder.module.css';

export function ShopFront({ wechatPass = false }: { wechatPass?: boolean }) {
  const { remote, retry } = useRemote(() => api.call('xborder.home'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, categories, products } = remote.data;
  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules}>
        <Link className={styles.searchBox} to={paths.crossBorderSearch()}>
          搜索进口零食、品牌、产地
        </Link>
      </Hero>
      <CampaignNotice campaign={campaign} />
      <nav className={styles.categories} aria-label="商品分类">
        {categories.map((category) => (
          <Link
            key={category.id}
            className={styles.category}
            to={paths.crossBorderCategory(category.id)}
          >
            <img src={category.image} alt="" width={48} height={48} />
            <span>{category.name}</span>
          </Link>
        ))}
      </nav>
      <section className={styles.section} aria-labelledby="xb-picks">
        <h2 id="xb-picks" className={styles.sectionTitle}>
          全球精选
        </h2>
        {products.length === 0 ? (
          <Empty title="商品正在上架中" description="好物马上就来，晚点再来看看吧" />
        ) : (
          <ProductGrid products={products} wechatPass={wechatPass} label="全球精选" />
        )}
      </section>
      <p className={styles.footnote}>跨境商品由保税仓发货，价格不含跨境综合税，税费结算时支付</p>
    </main>
  );
}

export default function IndexPage() {
  return <ShopFront />;
}
