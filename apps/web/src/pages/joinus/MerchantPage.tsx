// /activity/joinus/merchant "商户入驻": the franchise track.
import { TrackPage } from './TrackPage.tsx';

export default function MerchantPage() {
  return <TrackPage track="merchant" />;
}
