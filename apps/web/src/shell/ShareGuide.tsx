// Shown while the shareMenu flag is on. Inside WeChat a page cannot open the share panel, so an
// arrow points at WeChat's own ··· menu (top right of the screen). In a plain browser nothing
// can share for the page, so a sheet offers what works there: copy the link (and say 已复制),
// a QR code to show, or a poster (picture, title, QR code) to long-press and save. Both are
// dialogs screen readers reach (no aria-hidden mask).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { renderSVG } from 'uqr';
import { environment } from '../env/detect.ts';
import { toast } from '../feedback/toast.ts';
import { currentShareContent } from '../share/share.ts';
import { setUiFlag, useUiFlag } from '../state/uiFlags.ts';
import { drawSharePoster } from './sharePoster.ts';
import styles from './ShareGuide.module.css';

function qrUrl(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { ecc: 'M', border: 2 }))}`;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function ShareGuide() {
  const visible = useUiFlag('shareMenu');
  const [copied, setCopied] = useState(false);
  /** The poster as a PNG data URL once drawn; 'drawing' meanwhile. */
  const [poster, setPoster] = useState<string | null>(null);
  const close = () => {
    setCopied(false);
    setPoster(null);
    setUiFlag('shareMenu', false);
  };
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);
  if (!visible) return null;
  const content = currentShareContent();
  const link = content?.link ?? location.href;

  if (environment().wechat)
    return createPortal(
      <div className={styles.overlay} onClick={close}>
        <div className={styles.wechat} role="dialog" aria-modal="true" aria-label="分享">
          <svg className={styles.arrow} viewBox="0 0 80 100" aria-hidden>
            <path d="M10 95 C 20 50, 40 30, 66 14" />
            <path d="M50 10 L 68 12 L 62 30" />
          </svg>
          <p className={styles.text}>点击右上角「···」</p>
          <p className={styles.text}>发送给朋友或分享到朋友圈</p>
          <button type="button" className={styles.close} onClick={close}>
            我知道了
          </button>
        </div>
      </div>,
      document.body,
    );

  return createPortal(
    <div className={styles.overlay} onClick={close}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label="分享给好友"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 className={styles.title}>分享给好友</h2>
        {poster && poster !== 'drawing' ? (
          <>
            <img className={styles.poster} src={poster} alt="分享海报" />
            <p className={styles.hint}>长按图片保存到相册，发给好友或分享到朋友圈</p>
            <button type="button" className={styles.cancel} onClick={() => setPoster(null)}>
              返回
            </button>
          </>
        ) : (
          <>
            {content?.title && <p className={styles.shareTitle}>{content.title}</p>}
            <img
              className={styles.qr}
              src={qrUrl(link)}
              alt="活动二维码"
              width={168}
              height={168}
            />
            <p className={styles.hint}>好友扫码即可参与，长按二维码可保存</p>
            <p className={styles.link}>{link}</p>
            <button
              type="button"
              className={styles.posterButton}
              disabled={poster === 'drawing'}
              onClick={() => {
                setPoster('drawing');
                drawSharePoster(
                  content ?? { link, title: document.title, description: '', imgUrl: '' },
                ).then(setPoster, () => {
                  setPoster(null);
                  toast('海报生成失败，请截图分享');
                });
              }}
            >
              {poster === 'drawing' ? '海报生成中…' : '生成分享海报'}
            </button>
          </>
        )}
        <button
          type="button"
          className={styles.copy}
          aria-live="polite"
          onClick={() => {
            // Success shows on the button itself: a toast would cover the QR code a friend scans.
            void copy(link).then((done) => {
              setCopied(done);
              if (!done) toast('复制失败，请长按链接手动复制');
            });
          }}
        >
          {copied ? '已复制' : '复制链接'}
        </button>
        <button type="button" className={styles.cancel} onClick={close}>
          我知道了
        </button>
      </div>
    </div>,
    document.body,
  );
}
