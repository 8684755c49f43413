// 中国电信专区 (docs/content.md): the content page `chinanet`.
import { paths } from '../../routes/paths.ts';
import { ContentPage } from './ContentPage.tsx';

export default function ChinaNetPage() {
  return <ContentPage page="chinanet" path={paths.chinaNet()} />;
}
