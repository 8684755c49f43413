// /activity/sign/award "我的奖品" (login required): who is logged in (from user/info.do) and
// the sign-in campaign's prizes (streak rewards) with their addresses and coupons.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SendFailedNotice } from '../../feedback/SendFailedNotice.tsx';
import { formatMobile } from '../../format/mobile.ts';
import { api, type DataOf } from '../../request/api.ts';
import { goToLogin } from '../../request/loginRedirect.ts';
import { isSuccess, LoginInvalid } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { AwardList } from '../campaign-kit/AwardList.tsx';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import styles from './SignAwardPage.module.css';
import { paths } from '../../routes/paths.ts';

type UserInfo = DataOf<'account.info'>;

type Load =
  | { state: 'anonymous' }
  | { state: 'loading' }
  | { state: 'ready'; user: UserInfo }
  | { state: 'failed'; message: string };

/** 13800138000 -> 138 ****8000: a prize page does not need the full number. */
function maskedMobile(mobile: string): string {
  return mobile.length === 11
    ? `${mobile.slice(0, 3)} ****${mobile.slice(7)}`
    : formatMobile(mobile);
}

export default function SignAwardPage() {
  const navigate = useNavigate();
  // Back to the sign-in campaign whose prizes these are (decision 0037).
  const { campaignId } = useWhichCampaign();
  // Inside WeChat and Alipay the guard lets anonymous visitors in: they are offered login here.
  const [load, setLoad] = useState<Load>(() =>
    isLoggedIn() ? { state: 'loading' } : { state: 'anonymous' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isLoggedIn()) return;
    let live = true;
    api
      .call('account.info')
      .then((reply) => {
        if (!live) return;
        if (isSuccess(reply) && reply.data) setLoad({ state: 'ready', user: reply.data });
        else setLoad({ state: 'failed', message: reply.message });
      })
      .catch((error: unknown) => {
        // LoginInvalid already sent the user to login.
        if (live && !(error instanceof LoginInvalid))
          setLoad({ state: 'failed', message: (error as Error).message });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <main className={styles.page}>
      <section className={styles.user} aria-label="当前账号">
        {load.state === 'loading' && (
          // The outline of the account row (avatar and two lines) until it loads.
          <div className={styles.userSkeleton} role="status" aria-label="加载中">
            <span className={styles.avatarSkeleton} />
            <span className={styles.linesSkeleton}>
              <span />
              <span />
            </span>
          </div>
        )}
        {load.state === 'ready' && (
          <>
            <div className={styles.avatar} aria-hidden>
              {(load.user.nickname || '吃').slice(0, 1)}
            </div>
            <div>
              <p className={styles.nickname}>{load.user.nickname || '零食爱好者'}</p>
              <p className={styles.mobile}>{maskedMobile(load.user.mobile)}</p>
            </div>
          </>
        )}
        {load.state === 'failed' && <p className={styles.nickname}>账号信息加载失败</p>}
        {load.state === 'anonymous' && (
          <>
            <p className={styles.nickname}>登录后查看我的奖品</p>
            <button type="button" className={styles.login} onClick={() => goToLogin()}>
              立即登录
            </button>
          </>
        )}
      </section>
      {load.state === 'failed' && (
        <div className={styles.notice}>
          <SendFailedNotice message={load.message} onRetry={() => setAttempt((n) => n + 1)} />
        </div>
      )}
      {load.state !== 'anonymous' && (
        <section className={styles.list} aria-label="我的奖品">
          <h2 className={styles.heading}>我的奖品</h2>
          <AwardList
            campaign="sign"
            emptyDescription="坚持每天签到，连签奖励等你来领"
            emptyAction={
              <Button
                color="primary"
                shape="rounded"
                className={styles.action}
                onClick={() => navigate(paths.sign({ campaign: campaignId }))}
              >
                去签到
              </Button>
            }
          />
        </section>
      )}
    </main>
  );
}
