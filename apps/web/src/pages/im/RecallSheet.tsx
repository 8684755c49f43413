// The actions on one of my messages (long-press): recall it for everyone.
import { Sheet } from '../campaign-kit/Sheet.tsx';
import type { ChatMsg } from './chatClient.ts';
import styles from './im.module.css';

export function RecallSheet({
  msg,
  onClose,
  onRecall,
}: {
  msg: ChatMsg | null;
  onClose: () => void;
  onRecall: (msg: ChatMsg) => void;
}) {
  return (
    <Sheet visible={msg !== null} onClose={onClose} label="消息操作">
      {msg && (
        <button type="button" className={styles.sheetAction} onClick={() => onRecall(msg)}>
          撤回
        </button>
      )}
    </Sheet>
  );
}
