// 礼品故事 (docs/content.md): the content page `giftstory`.
import { paths } from '../../routes/paths.ts';
import { ContentPage } from './ContentPage.tsx';

export default function GiftStoryPage() {
  return <ContentPage page="giftstory" path={paths.giftStory()} />;
}
