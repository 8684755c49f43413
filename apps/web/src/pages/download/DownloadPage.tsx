// The download and jump pages (/activity/download/*, /activity/mutual/*; docs/wechat.md): the
// page's copy and links come from the `download` settings, what it offers from where it is
// opened (choice.ts). App pages link to the right store with its version; jump pages open the
// mini-program through a URL scheme the server mints, or show its code when none can be had.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { environment } from '../../env/detect.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { qrDataUrl } from '../campaign-kit/qr.ts';
import { Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { appChoice, jumpChoice } from './choice.ts';
import { BrowserGuide } from './BrowserGuide.tsx';
import styles from './DownloadPage.module.css';

type PageData = DataOf<'download.page'>;

/** The page key is the route's last segment: /activity/download/outdoor -> outdoor. */
function pageKey(pathname: string): string {
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

/** The jump pages whose whole purpose is the jump: they try it at once. */
const OPENS_AT_ONCE = new Set(['WeChatScheme']);

function ThisPageCode() {
  const [src, setSrc] = useState('');
  useEffect(() => {
    void qrDataUrl(location.href).then(setSrc);
  }, []);
  if (!src) return null;
  return (
    <figure className={styles.code}>
      <img src={src} alt="本页二维码" width={160} height={160} />
      <figcaption>用手机扫码，下载更方便</figcaption>
    </figure>
  );
}

function AppOffer({ data }: { data: PageData }) {
  const [guide, setGuide] = useState(false);
  const choice = appChoice(environment(), data);
  return (
    <>
      <div className={styles.actions}>
        {choice.links.map((link, index) => (
          <a
            key={link.url}
            className={index === 0 ? styles.primary : styles.secondary}
            href={link.url}
            rel="noopener"
          >
            {link.label}
            <span className={styles.version}>v{link.version}</span>
          </a>
        ))}
        {choice.browserGuide && (
          <button
            type="button"
            className={choice.links.length ? styles.secondary : styles.primary}
            onClick={() => setGuide(true)}
          >
            在浏览器中打开下载
          </button>
        )}
      </div>
      {choice.scanWithPhone && <ThisPageCode />}
      {guide && <BrowserGuide onClose={() => setGuide(false)} />}
    </>
  );
}

function MiniProgramCode({ data, reason }: { data: PageData; reason?: string }) {
  const inWechat = environment().wechat;
  return (
    <figure className={styles.code}>
      {reason && (
        <p className={styles.reason} role="status">
          {reason}
        </p>
      )}
      <img
        src={data.miniProgram.qrImage}
        alt={`${data.miniProgram.name}小程序码`}
        width={180}
        height={180}
      />
      <figcaption>
        {inWechat
          ? `长按识别小程序码，打开「${data.miniProgram.name}」`
          : `截图保存，在微信中扫一扫打开「${data.miniProgram.name}」`}
      </figcaption>
    </figure>
  );
}

function MiniProgramOffer({ data }: { data: PageData }) {
  const choice = jumpChoice(environment(), data.miniProgram.jump);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function open() {
    setOpening(true);
    setFailure(null);
    try {
      const reply = await api.call('wechat.miniScheme', { page: data.page });
      if (isSuccess(reply) && reply.data?.openlink) {
        window.location.href = reply.data.openlink;
        return;
      }
      setFailure(reply.message || '暂时无法打开小程序，请扫码进入');
    } catch {
      setFailure('网络不给力，请扫码进入小程序');
    } finally {
      setOpening(false);
    }
  }

  useEffect(() => {
    if (choice === 'scheme' && OPENS_AT_ONCE.has(data.page)) void open();
    // Once per page view: `open` and `choice` are fixed for it.
  }, []);

  if (choice === 'code') return <MiniProgramCode data={data} />;
  return (
    <>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={opening}
          onClick={() => void open()}
        >
          打开微信小程序
        </Button>
      </div>
      {failure && <MiniProgramCode data={data} reason={failure} />}
      {!failure && <p className={styles.hint}>将跳转到微信，打开「{data.miniProgram.name}」</p>}
    </>
  );
}

export default function DownloadPage() {
  const page = pageKey(useLocation().pathname);
  const { remote, retry } = useRemote(() => api.call('download.page', { page }), [page]);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回活动中心', to: paths.home() }}
      />
    );
  const data = remote.data;
  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <img className={styles.icon} src={data.appIcon} alt="" width={72} height={72} />
        <p className={styles.appName}>
          {data.offer === 'app' ? data.appName : data.miniProgram.name}
        </p>
        <h1 className={styles.headline}>{data.headline}</h1>
        {data.description && <p className={styles.description}>{data.description}</p>}
      </header>
      <section className={styles.body}>
        {data.offer === 'app' ? <AppOffer data={data} /> : <MiniProgramOffer data={data} />}
      </section>
    </main>
  );
}
