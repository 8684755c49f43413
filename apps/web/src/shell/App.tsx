import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { notFoundRoute, servedRoutes, type RouteDef } from '../routes/table.ts';
import { RouteMeta } from '../routes/RouteMeta.tsx';
import { RouteGuard } from '../routes/RouteGuard.tsx';
import { loadChunk } from '../routes/chunk.ts';
import { setLoginNavigator } from '../request/loginRedirect.ts';
import { FullPageRedirect } from './FullPageRedirect.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { useUiFlag } from '../state/uiFlags.ts';

// The share guide needs the component library's mask: load it only when it is first shown.
const ShareGuide = lazy(() => import('./ShareGuide.tsx'));

const lazyPages = new Map<RouteDef, LazyExoticComponent<ComponentType>>();
function pageOf(route: RouteDef, load: NonNullable<RouteDef['page']>) {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(() => loadChunk(load));
    lazyPages.set(route, page);
  }
  return page;
}

function element(route: RouteDef) {
  if (route.redirectTo) return <FullPageRedirect to={route.redirectTo} />;
  const Page = pageOf(route, route.page!);
  return (
    <RouteMeta route={route}>
      <RouteGuard route={route}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </RouteGuard>
    </RouteMeta>
  );
}

const router = createBrowserRouter(
  [...servedRoutes(), notFoundRoute].map((route) => ({
    path: route.path,
    element: element(route),
    errorElement: <RouteErrorScreen />,
  })),
);

// Calls that meet an invalid session (-331007) go to /my/login without reloading the app.
setLoginNavigator((to, options) => void router.navigate(to, options));

export function App() {
  const shareMenu = useUiFlag('shareMenu');
  return (
    <>
      <RouterProvider router={router} />
      {shareMenu && (
        <Suspense fallback={null}>
          <ShareGuide />
        </Suspense>
      )}
    </>
  );
}
