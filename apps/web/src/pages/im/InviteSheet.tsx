// A group chat's invite (owner or manager, chat.createTeamInvite): the link to its join page and
// the same link as a QR code (uqr, campaign-kit/qr.ts) to show or save, so a friend beside the
// inviter scans it and one elsewhere gets the link. Made when the sheet opens (valid 7 days); the
// server refuses anyone else and the sheet then says why.
import { useEffect, useState } from 'react';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import { qrDataUrl } from '../campaign-kit/qr.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import styles from './im.module.css';

type Invite =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; link: string; qr: string; expiresAt: number };

export function InviteSheet({
  teamId,
  visible,
  onClose,
}: {
  teamId: string;
  visible: boolean;
  onClose: () => void;
}) {
  const [invite, setInvite] = useState<Invite>({ status: 'loading' });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    setInvite({ status: 'loading' });
    setCopied(false);
    void (async () => {
      let next: Invite;
      try {
        const reply = await api.call('chat.createTeamInvite', { teamId }, { json: true });
        if (isSuccess(reply)) {
          const link = new URL(reply.data.path, window.location.origin).href;
          next = {
            status: 'ready',
            link,
            qr: await qrDataUrl(link),
            expiresAt: reply.data.expiresAt,
          };
        } else next = { status: 'failed', message: reply.message };
      } catch {
        next = { status: 'failed', message: '网络不稳定，请稍后再试' };
      }
      if (live) setInvite(next);
    })();
    return () => {
      live = false;
    };
  }, [visible, teamId]);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an older web view): the link stays selectable on the sheet.
      setCopied(false);
    }
  };

  return (
    <Sheet visible={visible} onClose={onClose} label="邀请好友入群">
      <div className={styles.invite}>
        <h2 className={styles.inviteTitle}>邀请好友入群</h2>
        {invite.status === 'loading' && <p className={styles.inviteNote}>正在生成邀请…</p>}
        {invite.status === 'failed' && (
          <p className={styles.inviteNote} role="alert">
            {invite.message}
          </p>
        )}
        {invite.status === 'ready' && (
          <>
            <img className={styles.inviteQr} src={invite.qr} alt="群聊邀请二维码" />
            <p className={styles.inviteNote}>
              扫描二维码或打开链接加入群聊，{formatDateTime(invite.expiresAt)} 前有效
            </p>
            <p className={styles.inviteLink} aria-label="邀请链接">
              {invite.link}
            </p>
            <button
              type="button"
              className={styles.sheetAction}
              onClick={() => void copy(invite.link)}
            >
              {copied ? '已复制' : '复制链接'}
            </button>
          </>
        )}
      </div>
    </Sheet>
  );
}
