// /activity/fullshop/shoptype "门店申报": the declaration's rules and the shop types to pick from
// (the operator's list); picking one opens the form. A saved draft is offered to continue, and
// my declarations are one tap away.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';

export default function ShopTypePage() {
  const { remote, retry } = useRemote(() => api.call('fullshop.page'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, shopTypes, draft, reviewDays, loggedIn } = remote.data;
  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules}>
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={styles.card} aria-labelledby="shop-types-title">
        <h2 id="shop-types-title" className={styles.cardTitle}>
          请选择门店类型
        </h2>
        {draft && draft.shopType && (
          <Link className={styles.draftNotice} to={paths.fullshopForm({ type: draft.shopType })}>
            您有一份未提交的申报草稿，继续填写 ›
          </Link>
        )}
        <ul className={styles.types}>
          {shopTypes.map((type) => (
            <li key={type.key}>
              <Link className={styles.type} to={paths.fullshopForm({ type: type.key })}>
                {type.image ? (
                  <img src={type.image} alt="" className={styles.typeImage} />
                ) : (
                  // No picture configured: the type's first character as its badge.
                  <span aria-hidden="true" className={styles.typeBadge}>
                    {type.name.slice(0, 1)}
                  </span>
                )}
                <span className={styles.typeText}>
                  <strong>{type.name}</strong>
                  <span>{type.description}</span>
                </span>
                <span aria-hidden="true" className={styles.chevron}>
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.tip}>提交后{reviewDays}个工作日内完成审核，结果可在申报记录中查看</p>
      </section>
      {loggedIn && (
        <Link className={styles.secondaryLink} to={paths.fullshopList()}>
          我的申报记录
        </Link>
      )}
    </main>
  );
}
