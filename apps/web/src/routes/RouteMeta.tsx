import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_BACKGROUND, type RouteDef } from './table.ts';

/** Applies a route's metadata on every navigation: title, body background, scroll to top. */
export function RouteMeta({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  useEffect(() => {
    document.title = route.title;
    document.body.style.background = route.background ?? DEFAULT_BACKGROUND;
    window.scrollTo(0, 0);
  }, [route, location.pathname]);
  return children;
}
