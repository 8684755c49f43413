// A conversation's messages as one side sees them: their own on the right, the other side's on
// the left with its name, the system's lines (assigned, transferred, ended) centred.
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../campaign-kit/format.ts';
import type { ServiceMessage } from './useThread.ts';
import styles from './service.module.css';

export function ThreadView({
  messages,
  side,
}: {
  messages: readonly ServiceMessage[];
  side: 'shopper' | 'agent';
}) {
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);
  return (
    <div className={styles.thread} aria-live="polite">
      {messages.map((message) =>
        message.from === 'system' ? (
          <p key={message.id} className={styles.system}>
            {message.text}
          </p>
        ) : (
          <div
            key={message.id}
            className={message.from === side ? styles.mine : styles.theirs}
            data-from={message.from}
          >
            <span className={styles.who}>
              {message.from === 'agent'
                ? `客服 ${message.agentName}`
                : side === 'agent'
                  ? '顾客'
                  : '我'}
              <time>{formatDateTime(message.at)}</time>
            </span>
            {message.image ? (
              <a
                className={styles.picture}
                href={message.image.url}
                target="_blank"
                rel="noreferrer"
                aria-label="查看大图"
              >
                <img
                  src={message.image.thumbUrl}
                  alt="图片"
                  loading="lazy"
                  // The box keeps the picture's shape before it loads, so the thread does not jump.
                  style={{
                    aspectRatio: `${message.image.width} / ${message.image.height}`,
                  }}
                />
              </a>
            ) : (
              <p className={styles.bubble}>{message.text}</p>
            )}
          </div>
        ),
      )}
      <div ref={end} />
    </div>
  );
}
