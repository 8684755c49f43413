// /activity/joinus/supplier "供应商合作": the supply track.
import { TrackPage } from './TrackPage.tsx';

export default function SupplierPage() {
  return <TrackPage track="supplier" />;
}
