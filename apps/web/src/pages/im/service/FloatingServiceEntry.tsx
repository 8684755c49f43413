// The 客服 entry of the pages without a campaign header (content pages, forms, award lists, the
// cashier...): a round button at the right edge, above where pages keep their bottom bars, that
// opens customer service like the header's pill (ServiceEntry). Hidden while the page shows the
// pill or is still loading (state/serviceEntry.ts), and on routes that opt out (the chat and
// service pages themselves, login, the live player). It steps aside while the shopper types into a
// text field, whose right edge (a character count) it would cover on a narrow screen. While it
// shows, the page ends with room as tall as the button and the space under it, so the page's last
// row (the video poster's 下载海报, a form's last field) can always be scrolled clear of it.
import { useFloatingServiceEntry } from '../../../state/serviceEntry.ts';
import { useTextEntryFocused } from '../../../state/textEntry.ts';
import { ServiceEntry } from './ServiceEntry.tsx';
import styles from './floating.module.css';

export function FloatingServiceEntry() {
  const wanted = useFloatingServiceEntry();
  const typing = useTextEntryFocused();
  if (!wanted || typing) return null;
  return (
    <>
      <div className={styles.clearance} aria-hidden="true" />
      <ServiceEntry className={styles.floating} floating />
    </>
  );
}
