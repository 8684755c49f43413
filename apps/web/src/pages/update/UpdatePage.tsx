// /activity/update/index "版本更新": the app's latest version and what changed, for the visitor's
// platform (detected; the other one a tab away), with earlier releases below. Inside the app it
// compares the installed version; an Android visitor in WeChat, which cannot install an APK, is
// told to open the page in the browser.
import { useState } from 'react';
import { environment } from '../../env/detect.ts';
import { api, type DataOf } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { Tabs } from '../campaign-kit/Tabs.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { installedState, platformOf, type Platform } from './platform.ts';
import styles from './update.module.css';

type Release = NonNullable<DataOf<'update.page'>['ios']['latest']>;

const TABS = [
  { key: 'ios', title: 'iPhone' },
  { key: 'android', title: 'Android' },
] as const;

const INSTALLED_TEXT = {
  latest: '已是最新版本',
  behind: '发现新版本，建议更新',
  unsupported: '当前版本过旧，请更新后继续使用',
} as const;

function Notes({ release }: { release: Release }) {
  return (
    <ul className={styles.notes}>
      {release.notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

export default function UpdatePage() {
  const env = environment();
  const [platform, setPlatform] = useState<Platform>(platformOf(env));
  const { remote, retry } = useRemote(() => api.call('update.page'), []);
  const view = remote.status === 'ready' ? remote.data : null;
  // The environment's own share button (WeChat's menu, the app's) shares this page.
  usePageShare(
    view
      ? {
          path: paths.appUpdate(),
          title: `${view.appName} 新版本`,
          description: view.campaign.shareText,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const releases = v[platform];
  const latest = releases.latest;
  const own = env.app && platformOf(env.app) === platform ? env.app.version : undefined;
  const installed = installedState(own, latest?.version, releases.minimumVersion);
  const apkInWechat = platform === 'android' && env.wechat && env.os === 'Android';

  return (
    <main className={styles.page}>
      <header className={styles.head}>
        <h1>{v.campaign.title}</h1>
        <p>{v.appName}</p>
      </header>
      <CampaignNotice campaign={v.campaign} />
      <div className={styles.tabs}>
        <Tabs label="平台" tabs={TABS} active={platform} onChange={setPlatform} block />
      </div>
      {latest ? (
        <section className={styles.card} aria-label="最新版本">
          <p className={styles.version}>
            V{latest.version}
            <span className={styles.badge}>最新</span>
          </p>
          <p className={styles.meta}>
            {latest.releasedAt} 发布{latest.size && ` · ${latest.size}`}
          </p>
          {installed !== 'none' && (
            <p className={installed === 'latest' ? styles.ok : styles.warn} role="status">
              当前版本 {own}，{INSTALLED_TEXT[installed]}
            </p>
          )}
          <h2>更新内容</h2>
          <Notes release={latest} />
          {installed !== 'latest' && (
            <a className={styles.update} href={releases.url}>
              {platform === 'ios' ? '前往 App Store 更新' : '下载最新安装包'}
            </a>
          )}
          {apkInWechat && (
            <p className={styles.hint}>
              微信内无法直接安装，请点击右上角“···”，选择“在浏览器打开”后下载
            </p>
          )}
        </section>
      ) : (
        <Empty title="暂无版本信息" description="新版本发布后会在这里公布" />
      )}
      {releases.history.length > 0 && (
        <section className={styles.card} aria-label="历史版本">
          <h2 className={styles.historyTitle}>历史版本</h2>
          {releases.history.map((release) => (
            <div key={release.version} className={styles.release}>
              <h3>
                <span>V{release.version}</span>
                <span className={styles.meta}>{release.releasedAt}</span>
              </h3>
              <Notes release={release} />
            </div>
          ))}
        </section>
      )}
    </main>
  );
}
