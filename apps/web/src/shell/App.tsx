import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { notFoundRoute, servedRoutes, type RouteDef } from '../routes/table.ts';
import { RouteMeta } from '../routes/RouteMeta.tsx';
import { RouteGuard } from '../routes/RouteGuard.tsx';
import { pageChunk } from '../routes/firstChunk.ts';
import { setLoginNavigator } from '../request/loginRedirect.ts';
import { FullPageRedirect } from './FullPageRedirect.tsx';
import { PageLoading } from './PageLoading.tsx';
import { FloatingServiceEntry } from '../pages/im/service/FloatingServiceEntry.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { useUiFlag } from '../state/uiFlags.ts';

// The share guide needs the component library's mask: load it only when it is first shown.
const ShareGuide = lazy(() => import('./ShareGuide.tsx'));

const lazyPages = new Map<RouteDef, LazyExoticComponent<ComponentType>>();
function pageOf(route: RouteDef, load: NonNullable<RouteDef['page']>) {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(() => pageChunk(route, load));
    lazyPages.set(route, page);
  }
  return page;
}

function element(route: RouteDef) {
  if (route.redirectTo) return <FullPageRedirect to={route.redirectTo} />;
  const Page = pageOf(route, route.page!);
  return (
    <RouteErrorBoundary path={route.path}>
      <RouteMeta route={route}>
        <RouteGuard route={route}>
          <Suspense fallback={<PageLoading title={route.title} />}>
            <Page />
          </Suspense>
          {route.serviceEntry !== false && <FloatingServiceEntry />}
        </RouteGuard>
      </RouteMeta>
    </RouteErrorBoundary>
  );
}

// The declarative router (BrowserRouter + Routes), not the data router: the app uses none of
// the data router's loaders or actions, and it cost about 16 kB gzip on every first visit
// (docs/decisions/0061-first-visit-splits.md).
const routes = [...servedRoutes(), notFoundRoute].map((route) => (
  <Route key={route.path} path={route.path} element={element(route)} />
));

/** Calls that meet an invalid session (-331007) go to /my/login without reloading the app. */
function LoginNavigator() {
  const navigate = useNavigate();
  useEffect(() => setLoginNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

export function App() {
  const shareMenu = useUiFlag('shareMenu');
  return (
    <>
      <BrowserRouter>
        <LoginNavigator />
        <Routes>{routes}</Routes>
      </BrowserRouter>
      {shareMenu && (
        <Suspense fallback={null}>
          <ShareGuide />
        </Suspense>
      )}
    </>
  );
}
