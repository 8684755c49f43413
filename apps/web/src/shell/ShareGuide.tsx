import { environment } from '../env/detect.ts';
import { currentShareContent } from '../share/share.ts';
import { setUiFlag, useUiFlag } from '../state/uiFlags.ts';
import { Mask } from '../ui/index.ts';
import styles from './ShareGuide.module.css';

/**
 * Shown while the shareMenu flag is on: in WeChat the page cannot open the share sheet, so the
 * user is pointed at the top-right menu; in a plain browser the link can be copied.
 */
export default function ShareGuide() {
  const visible = useUiFlag('shareMenu');
  const close = () => setUiFlag('shareMenu', false);
  const wechat = environment().wechat;
  const link = currentShareContent()?.link ?? location.href;
  return (
    <Mask visible={visible} onMaskClick={close} opacity={0.75}>
      <div className={styles.guide} role="dialog" aria-label="分享">
        {wechat ? (
          <>
            <div className={styles.arrow} aria-hidden>
              ↗
            </div>
            <p className={styles.text}>点击右上角「···」</p>
            <p className={styles.text}>分享给好友或朋友圈</p>
          </>
        ) : (
          <>
            <p className={styles.text}>复制链接，分享给好友</p>
            <p className={styles.link}>{link}</p>
            <button
              type="button"
              className={styles.copy}
              onClick={() => {
                void navigator.clipboard?.writeText(link).finally(close);
              }}
            >
              复制链接
            </button>
          </>
        )}
        <button type="button" className={styles.close} onClick={close}>
          我知道了
        </button>
      </div>
    </Mask>
  );
}
