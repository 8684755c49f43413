// The 客服 entry of the pages without a campaign header (content pages, forms, award lists, the
// cashier...): a round button at the right edge, above where pages keep their bottom bars, that
// opens customer service like the header's pill (ServiceEntry). Hidden while the page shows the
// pill or is still loading (state/serviceEntry.ts), and on routes that opt out (the chat and
// service pages themselves, login, the live player). It steps aside while the shopper types into a
// text field, whose right edge (a character count) it would cover on a narrow screen.
import { useFloatingServiceEntry } from '../../../state/serviceEntry.ts';
import { useTextEntryFocused } from '../../../state/textEntry.ts';
import { ServiceEntry } from './ServiceEntry.tsx';
import styles from './floating.module.css';

export function FloatingServiceEntry() {
  const wanted = useFloatingServiceEntry();
  const typing = useTextEntryFocused();
  if (!wanted || typing) return null;
  return <ServiceEntry className={styles.floating} floating />;
}
