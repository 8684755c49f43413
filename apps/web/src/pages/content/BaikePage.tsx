// 零食百科 (docs/content.md): the content page `baike`.
import { paths } from '../../routes/paths.ts';
import { ContentPage } from './ContentPage.tsx';

export default function BaikePage() {
  return <ContentPage page="baike" path={paths.baike()} />;
}
