import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SpinLoading } from '../ui/index.ts';
import { notFoundRoute, routes, type RouteDef } from '../routes/table.ts';
import { RouteMeta } from '../routes/RouteMeta.tsx';
import styles from './App.module.css';

const lazyPages = new Map<RouteDef, LazyExoticComponent<ComponentType>>();
function pageOf(route: RouteDef) {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(route.page);
    lazyPages.set(route, page);
  }
  return page;
}

function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="加载中">
      <SpinLoading color="primary" />
    </div>
  );
}

function element(route: RouteDef) {
  const Page = pageOf(route);
  return (
    <RouteMeta route={route}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteMeta>
  );
}

const router = createBrowserRouter(
  [...routes, notFoundRoute].map((route) => ({ path: route.path, element: element(route) })),
);

export function App() {
  return <RouterProvider router={router} />;
}
