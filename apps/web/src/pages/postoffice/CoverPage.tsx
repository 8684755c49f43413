// /activity/postoffice/cover?template= "选择封面": the template's covers to pick one from (the
// draft's, else the first), shown on the card as it will look; 下一步 录制声音.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { coversOf } from './api.ts';
import { readDraft, startDraft, updateDraft } from './draft.ts';
import { PostcardView } from './PostcardView.tsx';
import styles from './postoffice.module.css';

const BACK = { label: '返回声音邮局', to: paths.postoffice() };

export default function CoverPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const templateKey = params.get('template') ?? readDraft().template ?? '';
  const [picked, setPicked] = useState<string | undefined>(() => readDraft().cover);
  const { remote, retry } = useRemote(() => api.call('postoffice.home'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
  const template = remote.data.templates.find((t) => t.key === templateKey);
  if (!template) return <Failed message="请先选择一个明信片模板" exit={BACK} />;
  const covers = coversOf(remote.data, template);
  const cover = covers.find((c) => c.key === picked) ?? covers[0];
  if (!cover) return <Failed message="这个模板暂无可用封面，换一个试试吧" exit={BACK} />;

  const next = () => {
    if (readDraft().template !== template.key) startDraft(template.key);
    updateDraft({ cover: cover.key });
    navigate(paths.postofficeRecord());
  };

  return (
    <main className={styles.page}>
      <div className={styles.stage}>
        <PostcardView label="封面预览" look={template} cover={cover} />
      </div>
      <section className={styles.card}>
        <h1 className={styles.cardTitle}>选择封面</h1>
        <div className={styles.coverGrid} role="radiogroup" aria-label="封面">
          {covers.map((c) => (
            <button
              key={c.key}
              type="button"
              role="radio"
              aria-checked={c.key === cover.key}
              className={c.key === cover.key ? styles.coverChosen : styles.coverChoice}
              onClick={() => setPicked(c.key)}
            >
              <img src={c.image} alt="" />
              <span>{c.name}</span>
            </button>
          ))}
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          className={styles.primaryAction}
          onClick={next}
        >
          下一步 录制声音
        </Button>
      </section>
    </main>
  );
}
