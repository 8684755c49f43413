// 宁波银行专区 (docs/content.md): the content page `nbcb`.
import { paths } from '../../routes/paths.ts';
import { ContentPage } from './ContentPage.tsx';

export default function NbcbPage() {
  return <ContentPage page="nbcb" path={paths.nbcb()} />;
}
