// The room beside the player (docs/live-pages.md): the feed of the session's chatroom, the way to
// speak (logged-in shoppers; a guest is asked to log in), the heart, and for the host the lottery
// and, on a viewer's message, mute and kick. Loaded as its own chunk with the IM SDK.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { DataOf } from '../../request/api.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Toast } from '../../ui/index.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import { askLogin } from '../campaign-kit/states.tsx';
import { LikeBatcher } from './likeBatcher.ts';
import { LotterySheet } from './LotterySheet.tsx';
import { LiveRoomClient, type FeedItem, type LotteryResult } from './roomClient.ts';
import styles from './live.module.css';

type Session = DataOf<'live.session'>;

/** What the room's refusals of a message mean to a viewer. */
const SEND_REFUSALS: Record<number, string> = {
  13004: '你已被主播禁言',
  13006: '主播已开启全员禁言',
  13003: '你已被主播移出直播间',
  416: '发言太频繁，请稍后再试',
};

function useRoom(session: Session): LiveRoomClient {
  const client = useMemo(
    () => new LiveRoomClient(session.room, session.loggedIn),
    [session.room.chatroomId, session.loggedIn],
  );
  useEffect(() => {
    client.open();
    return () => client.close();
  }, [client]);
  return client;
}

function FeedLine({
  item,
  onPick,
}: {
  item: FeedItem;
  onPick: ((item: Extract<FeedItem, { kind: 'text' }>) => void) | undefined;
}) {
  if (item.kind === 'enter') return <li className={styles.enterLine}>{item.nick} 来了</li>;
  if (item.kind === 'lottery')
    return (
      <li className={styles.lotteryLine}>
        🎁 抽中「{item.result.prize.name}」：
        {item.result.winners.map((w) => `${w.nick}（${w.mobile}）`).join('、')}
      </li>
    );
  const content = (
    <>
      {item.host && <span className={styles.hostBadge}>主播</span>}
      <span className={styles.nick}>{item.nick}：</span>
      <span>{item.text}</span>
    </>
  );
  return (
    <li className={styles.textLine}>
      {onPick ? (
        <button type="button" className={styles.lineButton} onClick={() => onPick(item)}>
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  );
}

function LotteryPopup({
  result,
  mine,
  onClose,
}: {
  result: LotteryResult;
  mine: boolean;
  onClose: () => void;
}) {
  return (
    <Sheet visible onClose={onClose} label="开奖结果">
      <div className={styles.result}>
        <img className={styles.resultImage} src={result.prize.image} alt="" />
        <h2 className={styles.resultTitle}>{mine ? '恭喜你中奖啦！' : '开奖啦'}</h2>
        <p className={styles.resultPrize}>奖品：{result.prize.name}</p>
        <ul className={styles.winners} aria-label="中奖名单">
          {result.winners.map((w) => (
            <li key={w.account}>
              {w.nick} <span className={styles.mobile}>{w.mobile}</span>
            </li>
          ))}
        </ul>
        {mine ? (
          <Link className={styles.resultLink} to={paths.liveAwards()}>
            去中奖记录领奖
          </Link>
        ) : (
          <p className={styles.resultNote}>下次就是你，留在直播间等下一轮抽奖吧</p>
        )}
      </div>
    </Sheet>
  );
}

export default function LiveRoom({ session }: { session: Session }) {
  const client = useRoom(session);
  const state = useSyncExternalStore(client.subscribe, client.getState);
  const [text, setText] = useState('');
  const [likes, setLikes] = useState(session.session.likes);
  const [hearts, setHearts] = useState<number[]>([]);
  const [picked, setPicked] = useState<Extract<FeedItem, { kind: 'text' }> | null>(null);
  const [drawing, setDrawing] = useState(false);
  const feed = useRef<HTMLDivElement>(null);
  const onAir = session.session.state === 'live';
  const id = session.session.id;

  const batcher = useMemo(
    () =>
      new LikeBatcher(async (count) => {
        const reply = await api.call('live.like', { id, count }, { json: true });
        if (isSuccess(reply)) setLikes((n) => Math.max(n, reply.data.likes));
      }),
    [id],
  );
  useEffect(() => () => void batcher.flush().then(() => batcher.stop()), [batcher]);
  useEffect(() => {
    if (state.likes !== null) setLikes((n) => Math.max(n, state.likes ?? 0));
  }, [state.likes]);
  useEffect(() => {
    feed.current?.scrollTo({ top: feed.current.scrollHeight });
  }, [state.feed.length]);

  const like = () => {
    batcher.tap();
    setLikes((n) => n + 1);
    const heart = Date.now() + Math.random();
    setHearts((list) => [...list.slice(-8), heart]);
    setTimeout(() => setHearts((list) => list.filter((h) => h !== heart)), 1200);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (!words) return;
    try {
      await client.say(words);
      setText('');
    } catch (error) {
      const code = Number((error as { code?: unknown }).code);
      Toast.show({ content: SEND_REFUSALS[code] ?? '发送失败，请稍后再试' });
    }
  };

  const act = async (action: 'mute' | 'kick') => {
    if (!picked) return;
    try {
      await (action === 'mute' ? client.mute(picked.from) : client.kick(picked.from));
      Toast.show({
        content: action === 'mute' ? `已禁言 ${picked.nick}` : `已将 ${picked.nick} 移出直播间`,
      });
    } catch {
      Toast.show({ content: '操作失败，请稍后再试' });
    }
    setPicked(null);
  };

  const canPick = session.isHost && state.status === 'online';
  const mine = state.lottery?.winners.some((w) => w.account === state.account) ?? false;

  return (
    <section className={styles.room} aria-label="直播间互动">
      <div className={styles.roomBar}>
        <span
          role="status"
          aria-label="直播间状态"
          className={state.status === 'kicked' || state.status === 'failed' ? styles.problem : ''}
        >
          {state.status === 'online'
            ? `${Math.max(state.online, session.session.online)} 人在看`
            : state.status === 'connecting'
              ? '正在进入直播间…'
              : state.status === 'reconnecting'
                ? '网络不稳定，正在重连…'
                : state.problem}
        </span>
        {state.status === 'failed' && (
          <Button size="small" shape="rounded" onClick={client.retry}>
            重新进入
          </Button>
        )}
        {session.isHost && (
          <Button size="small" color="warning" shape="rounded" onClick={() => setDrawing(true)}>
            发起抽奖
          </Button>
        )}
      </div>
      <div ref={feed} className={styles.feedBox} role="log" aria-label="直播间消息">
        <ol className={styles.feed}>
          {state.feed.map((item) => (
            <FeedLine
              key={item.id}
              item={item}
              onPick={
                canPick && item.kind === 'text' && item.from !== state.account
                  ? setPicked
                  : undefined
              }
            />
          ))}
        </ol>
      </div>
      <div className={styles.actions}>
        {session.loggedIn ? (
          <form className={styles.composer} onSubmit={send}>
            <input
              className={styles.input}
              aria-label="说点什么"
              placeholder="说点什么…"
              maxLength={200}
              value={text}
              disabled={state.status !== 'online'}
              onChange={(event) => setText(event.target.value)}
            />
            <button
              type="submit"
              className={styles.sendButton}
              disabled={state.status !== 'online' || !text.trim()}
            >
              发送
            </button>
          </form>
        ) : (
          <button
            type="button"
            className={styles.guestPrompt}
            onClick={() => askLogin('登录后即可在直播间发言、参与抽奖')}
          >
            登录后参与互动
          </button>
        )}
        <div className={styles.likeBox}>
          {hearts.map((h) => (
            <span key={h} className={styles.heart} aria-hidden="true">
              ❤
            </span>
          ))}
          <button
            type="button"
            className={styles.likeButton}
            aria-label="点赞"
            disabled={!onAir}
            onClick={like}
          >
            ❤
          </button>
          <span className={styles.likeCount} aria-label="点赞数">
            {likes}
          </span>
        </div>
      </div>
      {picked && (
        <Sheet visible onClose={() => setPicked(null)} label="管理观众">
          <div className={styles.manage}>
            <p>
              {picked.nick}：{picked.text}
            </p>
            <Button block shape="rounded" onClick={() => void act('mute')}>
              禁言
            </Button>
            <Button block color="danger" shape="rounded" onClick={() => void act('kick')}>
              踢出直播间
            </Button>
          </div>
        </Sheet>
      )}
      {drawing && (
        <LotterySheet sessionId={id} prizes={session.prizes} onClose={() => setDrawing(false)} />
      )}
      {state.lottery && (
        <LotteryPopup result={state.lottery} mine={mine} onClose={() => client.dismissLottery()} />
      )}
    </section>
  );
}
