import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { environment } from '../env/detect.ts';
import { nativeBridge } from '../native/bridge.ts';
import { setShareContent } from '../share/share.ts';
import { backgroundOf, type RouteDef } from './table.ts';
import { CurrentRoute } from './currentRoute.ts';

/**
 * Applies a route's metadata on every navigation (spec section 2): title, body background, the
 * share content when the route has one, the native header inside the app, scroll to top. The
 * page below reads its route with useCurrentRoute().
 */
export function RouteMeta({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  useEffect(() => {
    const background = backgroundOf(route);
    document.title = route.title;
    document.body.style.background = background;
    if (route.share) {
      // Route tables hold site paths; every share target wants absolute URLs.
      const absolute = (url: string) => (url ? new URL(url, window.location.origin).href : url);
      setShareContent({
        ...route.share,
        link: absolute(route.share.link),
        imgUrl: absolute(route.share.imgUrl),
      });
    }
    if (environment().app) {
      nativeBridge.setHeader({
        visible: true,
        title: route.title,
        background,
        shareMenu: Boolean(route.share),
      });
    }
    window.scrollTo(0, 0);
  }, [route, location.pathname]);
  return <CurrentRoute value={route}>{children}</CurrentRoute>;
}
