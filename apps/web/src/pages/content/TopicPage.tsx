// /activity/topic/detail "专题" (docs/content.md): the topic `?id=` names (a content page id), the
// featured `topic` without one; an id that is no page reads as not found.
import { useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { ContentPage } from './ContentPage.tsx';

export const FEATURED_TOPIC = 'topic';

export default function TopicPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const page = id && /^[a-z0-9-]{1,64}$/.test(id) ? id : id ? 'not-a-page' : FEATURED_TOPIC;
  return <ContentPage page={page} path={paths.topic(id)} />;
}
