// The one route table (spec/campaign-app.md section 2). Each route carries its title, body
// background and whether it needs login; `page` lazily loads its own chunk. A path that is not
// here falls to the not-found page.
import type { ComponentType } from 'react';

export const DEFAULT_BACKGROUND = '#f5f5f5';

export interface RouteDef {
  path: string;
  title: string;
  background?: string;
  requireLogin?: boolean;
  page: () => Promise<{ default: ComponentType }>;
}

export const routes: RouteDef[] = [
  { path: '/', title: '活动中心', page: () => import('../pages/home/HomePage.tsx') },
];

export const notFoundRoute: RouteDef = {
  path: '*',
  title: '页面不存在',
  background: '#ffffff',
  page: () => import('../pages/not-found/NotFoundPage.tsx'),
};
