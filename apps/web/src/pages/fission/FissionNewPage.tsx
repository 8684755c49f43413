// /activity/redPacketFission/newFission: the new shoppers' packet (its own total, shares and
// time; once per account, within the configured days of registering).
import { FissionPage } from './FissionPage.tsx';

export default function FissionNewPage() {
  return <FissionPage kind="new" />;
}
