import { ChunkLoadError } from '../routes/chunk.ts';
import { Notice } from './Notice.tsx';
import { ErrorIcon, OfflineIcon } from './NoticeIcons.tsx';

/** What a route shows when its page failed: a chunk that did not load, or a page that crashed. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) console.error('page failed', error);
  return (
    <Notice
      icon={chunk ? <OfflineIcon /> : <ErrorIcon />}
      title={chunk ? '页面加载失败' : '页面出错了'}
      description={chunk ? '网络不给力，请检查网络后重新加载' : '请稍后重试，或返回活动中心'}
      action="重新加载"
      // A full reload: the lazy import caches its failure, and a new deployment may have renamed the chunk.
      onAction={() => location.reload()}
    />
  );
}
