// /activity/station/publicNo "关注公众号": the official account's code and why to follow it. In
// WeChat a long press on the code follows; elsewhere the shopper saves it and scans in WeChat.
import { environment } from '../../env/detect.ts';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Link } from 'react-router';
import { Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from './station.module.css';

export default function PublicNoPage() {
  const { remote, retry } = useRemote(() => api.call('station.info'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const account = remote.data.officialAccount;
  const inWechat = environment().wechat;
  return (
    <main className={styles.page}>
      <section className={styles.followCard}>
        <h1 className={styles.followName}>{account.name}</h1>
        {account.intro && <p className={styles.followIntro}>{account.intro}</p>}
        <figure className={styles.followCode}>
          <img src={account.qrImage} alt={`${account.name}公众号二维码`} width={200} height={200} />
          <figcaption>
            {inWechat ? '长按识别二维码，关注公众号' : '截图保存二维码，在微信中扫一扫关注'}
          </figcaption>
        </figure>
        {account.benefits.length > 0 && (
          <>
            <h2 className={styles.panelTitle}>关注即享</h2>
            <ul className={styles.benefits}>
              {account.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      <Link className={styles.allStores} to={paths.stations()}>
        查看附近门店 ›
      </Link>
    </main>
  );
}
