// One message of the chat screen: a time divider when five minutes passed since the previous
// one, the bubble (text, picture thumbnail, other kinds as a labelled card), and for my messages
// their state: 发送中, 已读 / 未读 (p2p), or a red mark that resends on tap. A recalled message
// stays in place as a notice.
import { useRef } from 'react';
import { MSG_TYPES } from '@morsel/protocol';
import type { ChatMsg } from './chatClient.ts';
import { chatTime, notificationText, previewOf } from './format.ts';
import { formatBytes, formatCoords, mapLinkOf } from './geo.ts';
import { VoiceBubble } from './VoiceBubble.tsx';
import styles from './im.module.css';

const DIVIDER_GAP_MS = 5 * 60_000;
const LONG_PRESS_MS = 500;

export interface MessageRowProps {
  msg: ChatMsg;
  previous: ChatMsg | undefined;
  mine: boolean;
  read: boolean;
  showReceipt: boolean;
  senderName: string;
  nameOf: (account: string) => string;
  thumbnail: (url: string) => string;
  onResend: () => void;
  onLongPress: () => void;
}

export function MessageRow(props: MessageRowProps) {
  const { msg, previous, mine } = props;
  const divider = !previous || msg.time - previous.time > DIVIDER_GAP_MS;
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startPress = () => {
    press.current = setTimeout(props.onLongPress, LONG_PRESS_MS);
  };
  const endPress = () => clearTimeout(press.current);

  if (msg.recalled || msg.type === MSG_TYPES.tip || msg.type === MSG_TYPES.notification)
    return (
      <div className={styles.row}>
        {divider && <time className={styles.divider}>{chatTime(msg.time, Date.now())}</time>}
        <p className={styles.notice}>
          {msg.recalled
            ? mine
              ? '你撤回了一条消息'
              : `${props.senderName}撤回了一条消息`
            : msg.type === MSG_TYPES.notification
              ? notificationText(msg, props.nameOf)
              : msg.text}
        </p>
      </div>
    );

  return (
    <div className={styles.row}>
      {divider && <time className={styles.divider}>{chatTime(msg.time, Date.now())}</time>}
      <div className={mine ? styles.mine : styles.theirs} data-status={msg.status}>
        {!mine && (
          <span className={styles.avatarSmall} aria-hidden="true">
            {[...props.senderName][0]}
          </span>
        )}
        {mine && msg.status === 'fail' && (
          <button
            type="button"
            className={styles.resend}
            aria-label="发送失败，点击重发"
            onClick={props.onResend}
          >
            !
          </button>
        )}
        <div
          className={styles.bubble}
          onContextMenu={(event) => {
            event.preventDefault();
            props.onLongPress();
          }}
          onTouchStart={startPress}
          onTouchEnd={endPress}
          onTouchMove={endPress}
        >
          <Body msg={msg} mine={mine} thumbnail={props.thumbnail} />
        </div>
      </div>
      {mine && (
        <p className={styles.state}>
          {msg.status === 'sending' && '发送中…'}
          {msg.status === 'fail' && <span className={styles.failText}>发送失败，点击重发</span>}
          {msg.status === 'success' && props.showReceipt && (props.read ? '已读' : '未读')}
        </p>
      )}
    </div>
  );
}

function Body({
  msg,
  mine,
  thumbnail,
}: {
  msg: ChatMsg;
  mine: boolean;
  thumbnail: (url: string) => string;
}) {
  if (msg.type === MSG_TYPES.text) return <span className={styles.text}>{msg.text}</span>;
  if (msg.type === MSG_TYPES.audio && msg.file?.url)
    return <VoiceBubble url={msg.file.url} durMs={msg.file.dur} mine={mine} />;
  if (msg.type === MSG_TYPES.image && msg.file?.url) {
    const { w, h } = msg.file;
    // The box keeps the picture's shape before it loads, so the list does not jump.
    const ratio = w && h ? Math.min(Math.max(h / w, 0.4), 2) : 1;
    return (
      <a href={msg.file.url} target="_blank" rel="noreferrer">
        <img
          className={styles.picture}
          style={{ aspectRatio: `1 / ${ratio}` }}
          src={thumbnail(msg.file.url)}
          alt="图片"
          loading="lazy"
        />
      </a>
    );
  }
  if (msg.type === MSG_TYPES.file && msg.file?.url) {
    const name = msg.file.name || '文件';
    return (
      <a
        className={styles.fileCard}
        href={msg.file.url}
        download={name}
        target="_blank"
        rel="noreferrer"
        aria-label={`文件 ${name}`}
      >
        <span className={styles.fileIcon} aria-hidden="true">
          📄
        </span>
        <span className={styles.fileText}>
          <span className={styles.fileName}>{name}</span>
          <span className={styles.fileSize}>{formatBytes(msg.file.size)}</span>
        </span>
      </a>
    );
  }
  if (msg.type === MSG_TYPES.geo && msg.geo) {
    const place = msg.geo;
    return (
      <a
        className={styles.geoCard}
        href={mapLinkOf(place)}
        target="_blank"
        rel="noreferrer"
        aria-label={`位置 ${place.title}`}
      >
        <span className={styles.geoMap} aria-hidden="true">
          <span className={styles.geoPin}>📍</span>
        </span>
        <span className={styles.geoTitle}>{place.title}</span>
        <span className={styles.geoCoords}>{formatCoords(place)}</span>
      </a>
    );
  }
  return <span className={styles.text}>{previewOf(msg)}</span>;
}
