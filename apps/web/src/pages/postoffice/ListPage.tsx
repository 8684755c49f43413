// /activity/postoffice/list "我的明信片" (login): the shopper's cards, newest first, 20 at a time
// (加载更多), each opening its page; deleting one asks first and stops its link.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { formatDotDay } from '../campaign-kit/format.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Empty, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { formatSeconds } from './api.ts';
import { lookStyle } from './PostcardView.tsx';
import styles from './postoffice.module.css';

export default function ListPage() {
  const loggedIn = isLoggedIn();
  const { remote, retry, setData } = useRemote(
    () => (loggedIn ? api.call('postoffice.mine') : new Promise<never>(() => undefined)),
    [loggedIn],
  );
  const [loadingMore, setLoadingMore] = useState(false);
  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后查看我的明信片" />
      </main>
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { cards, next } = remote.data;

  const more = async () => {
    if (!next) return;
    setLoadingMore(true);
    const reply = await runAction(() => api.call('postoffice.mine', { before: next }), toast);
    setLoadingMore(false);
    if (!reply) return;
    if (!isSuccess(reply)) return toast(reply.message);
    setData((data) => ({ cards: [...data.cards, ...reply.data.cards], next: reply.data.next }));
  };

  const remove = (code: string) =>
    void Dialog.confirm({
      title: '删除这张明信片？',
      content: '删除后，分享出去的链接将无法打开',
      confirmText: '删除',
      cancelText: '取消',
      onConfirm: async () => {
        const reply = await runAction(() => api.call('postoffice.remove', { code }), toast);
        if (!reply) return;
        if (!isSuccess(reply)) return toast(reply.message);
        setData((data) => ({ ...data, cards: data.cards.filter((c) => c.code !== code) }));
        toast('已删除');
      },
    });

  if (cards.length === 0)
    return (
      <main className={styles.page}>
        <Empty
          title="还没有明信片"
          description="录一段声音，寄给想念的人吧"
          action={
            <Link className={styles.primaryLink} to={paths.postoffice()}>
              去制作
            </Link>
          }
        />
      </main>
    );

  return (
    <main className={styles.page}>
      <ul className={styles.cardList} aria-label="我的明信片">
        {cards.map((card) => (
          <li key={card.code} className={styles.cardRow} style={lookStyle(card.look)}>
            <Link className={styles.cardRowLink} to={paths.postofficeCard(card.code)}>
              <img src={card.cover.image} alt="" />
              <span className={styles.cardRowText}>
                <strong>{card.to ? `致 ${card.to}` : card.look.name}</strong>
                <span>{card.text}</span>
                <small>
                  {formatDotDay(card.createdAt)} · 声音 {formatSeconds(card.voice.durationMs)}
                </small>
              </span>
            </Link>
            <button
              type="button"
              className={styles.deleteButton}
              aria-label={`删除${card.to ? `给${card.to}的` : ''}明信片`}
              onClick={() => remove(card.code)}
            >
              删除
            </button>
          </li>
        ))}
      </ul>
      {next && (
        <Button
          block
          shape="rounded"
          className={styles.more}
          loading={loadingMore}
          onClick={() => void more()}
        >
          加载更多
        </Button>
      )}
    </main>
  );
}
