// The 客服 pill of a campaign page's header (the page kit's Hero): opens customer service where
// the build says (entry.ts), with the page it was tapped on.
import { useLocation, useNavigate } from 'react-router';
import { SERVICES } from '../../../config/product.ts';
import { serviceEntry } from './entry.ts';

export function ServiceEntry({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const open = () => {
    const target = serviceEntry(
      SERVICES.customerServiceKeys,
      `${location.pathname}${location.search}`,
    );
    if (target.kind === 'ours') void navigate(target.to);
    else window.location.assign(target.url);
  };
  return (
    <button type="button" className={className} onClick={open}>
      客服
    </button>
  );
}
