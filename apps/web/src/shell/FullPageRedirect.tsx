import { useEffect } from 'react';
import { PageLoading } from './PageLoading.tsx';

/** Leaves the app for another site section by a full page load, keeping the query. */
export function FullPageRedirect({ to }: { to: string }) {
  useEffect(() => {
    location.replace(`${to}${location.search}`);
  }, [to]);
  return <PageLoading />;
}
