// The 客服 pill of a campaign page's header (the page kit's Hero), and the floating button of the
// other pages (FloatingServiceEntry): opens customer service where the build says (entry.ts),
// with the page it was tapped on. The pill says it is on screen, so the floating one stays away.
import { useLocation, useNavigate } from 'react-router';
import { SERVICES } from '../../../config/product.ts';
import { useServiceEntryPresence } from '../../../state/serviceEntry.ts';
import { serviceEntry } from './entry.ts';

export function ServiceEntry({
  className,
  floating = false,
}: {
  className?: string;
  floating?: boolean;
}) {
  return floating ? <EntryButton className={className} /> : <HeaderPill className={className} />;
}

function HeaderPill({ className }: { className?: string }) {
  useServiceEntryPresence('pill');
  return <EntryButton className={className} />;
}

function EntryButton({ className }: { className?: string }) {
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
