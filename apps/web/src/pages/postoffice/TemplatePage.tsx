// /activity/postoffice/template/:id "明信片模板": one template drawn as a card with its greeting,
// the covers it goes with, and 用这个模板, which starts a new draft and goes to the covers.
import { useNavigate, useParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { coversOf } from './api.ts';
import { startDraft } from './draft.ts';
import { PostcardView } from './PostcardView.tsx';
import styles from './postoffice.module.css';

const BACK = { label: '返回声音邮局', to: paths.postoffice() };

export default function TemplatePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { remote, retry } = useRemote(() => api.call('postoffice.home'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
  const template = remote.data.templates.find((t) => t.key === id);
  if (!template) return <Failed message="这个模板已下架，换一个试试吧" exit={BACK} />;
  const covers = coversOf(remote.data, template);
  return (
    <main className={styles.page}>
      <div className={styles.stage}>
        {covers[0] && (
          <PostcardView
            label={`${template.name}模板预览`}
            look={template}
            cover={covers[0]}
            to=""
            text={template.greeting}
            from="你的名字"
          />
        )}
      </div>
      <section className={styles.card}>
        <h1 className={styles.cardTitle}>{template.name}</h1>
        <p className={styles.intro}>{template.description}</p>
        <p className={styles.hint}>可选封面 {covers.length} 款</p>
        <ul className={styles.coverStrip} aria-label="可选封面">
          {covers.map((cover) => (
            <li key={cover.key}>
              <img src={cover.image} alt={cover.name} />
            </li>
          ))}
        </ul>
        <Button
          block
          color="primary"
          shape="rounded"
          className={styles.primaryAction}
          disabled={remote.data.campaign.state !== 'running'}
          onClick={() => {
            startDraft(template.key);
            navigate(paths.postofficeCover(template.key));
          }}
        >
          用这个模板
        </Button>
      </section>
    </main>
  );
}
