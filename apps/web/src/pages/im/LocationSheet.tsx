// Sending my location: the browser's geolocation (asked when the sheet opens), then the place as
// the shopper names it. No maps key is needed: the address is what the shopper writes (the
// coordinates alone mean little to a friend), and the peer's card opens the maps service's own
// page. A refusal or a phone without positioning says so instead.
import { useEffect, useState } from 'react';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import { formatCoords, type Place } from './geo.ts';
import styles from './im.module.css';

/** How long the phone may take to find itself before the sheet gives up. */
const LOCATE_TIMEOUT_MS = 15_000;
const TITLE_MAX = 60;

type Fix =
  | { status: 'locating' }
  | { status: 'failed'; message: string }
  | { status: 'found'; lng: number; lat: number };

export function LocationSheet({
  visible,
  onClose,
  onSend,
}: {
  visible: boolean;
  onClose: () => void;
  onSend: (place: Place) => void;
}) {
  const [fix, setFix] = useState<Fix>({ status: 'locating' });
  const [title, setTitle] = useState('');

  useEffect(() => {
    if (!visible) return;
    setFix({ status: 'locating' });
    setTitle('');
    if (!('geolocation' in navigator)) {
      setFix({ status: 'failed', message: '当前浏览器无法获取位置' });
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (live) setFix({ status: 'found', lng: coords.longitude, lat: coords.latitude });
      },
      (error) => {
        if (!live) return;
        setFix({
          status: 'failed',
          message:
            error.code === error.PERMISSION_DENIED
              ? '未获得定位权限，请在设置中允许后重试'
              : '暂时无法获取位置，请稍后再试',
        });
      },
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, [visible]);

  return (
    <Sheet visible={visible} onClose={onClose} label="发送位置">
      <div className={styles.invite}>
        <h2 className={styles.inviteTitle}>发送位置</h2>
        {fix.status === 'locating' && <p className={styles.inviteNote}>正在获取你的位置…</p>}
        {fix.status === 'failed' && (
          <p className={styles.inviteNote} role="alert">
            {fix.message}
          </p>
        )}
        {fix.status === 'found' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onSend({ lng: fix.lng, lat: fix.lat, title: title.trim() || '我的位置' });
            }}
          >
            <p className={styles.inviteNote}>{formatCoords(fix)}</p>
            <input
              className={styles.placeInput}
              value={title}
              maxLength={TITLE_MAX}
              placeholder="地址或地点名称，如：人民广场地铁站"
              aria-label="地址"
              onChange={(event) => setTitle(event.target.value)}
            />
            <button type="submit" className={styles.sheetAction}>
              发送位置
            </button>
          </form>
        )}
      </div>
    </Sheet>
  );
}
