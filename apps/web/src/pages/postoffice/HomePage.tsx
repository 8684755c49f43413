// /activity/postoffice/home "声音邮局": the operator's copy and templates (each drawn small in its
// own colours with its first cover), the rules and sharing, and the way to my postcards.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { coversOf } from './api.ts';
import { lookStyle } from './PostcardView.tsx';
import styles from './postoffice.module.css';

export default function HomePage() {
  const { remote, retry } = useRemote(() => api.call('postoffice.home'), []);
  const home = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    home && {
      path: paths.postoffice(),
      title: home.campaign.title,
      description: home.campaign.shareText || home.intro,
      image: '/api/campaign/assets/postcard-cake.png',
    },
  );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, intro, templates } = remote.data;
  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle={campaign.tagline}
        rules={campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={`${styles.card} ${styles.overlap}`}>
        <p className={styles.intro}>{intro}</p>
        <Link className={styles.mineLink} to={paths.postofficeList()}>
          我的明信片 <span aria-hidden="true">›</span>
        </Link>
      </section>
      <section className={styles.card} aria-labelledby="postoffice-templates">
        <h2 id="postoffice-templates" className={styles.cardTitle}>
          选一张明信片
        </h2>
        <ul className={styles.templates}>
          {templates.map((template) => {
            const cover = coversOf(remote.data, template)[0];
            return (
              <li key={template.key}>
                <Link
                  className={styles.templateTile}
                  style={lookStyle(template)}
                  to={paths.postofficeTemplate(template.key)}
                >
                  {cover && <img src={cover.image} alt="" />}
                  <strong>{template.name}</strong>
                  <span>{template.description}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}
