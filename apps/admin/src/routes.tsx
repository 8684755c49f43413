// Every page of the console: its path under /admin, its menu label and the roles that see it.
// A page for a new admin endpoint is one file in pages/ and one row here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from './ui/session.tsx';

export interface PageRoute {
  path: string;
  /** Shown in the side menu; pages without one are reached from another page. */
  menu?: string;
  roles: readonly Role[];
  page: LazyExoticComponent<ComponentType>;
}

export const PAGES: readonly PageRoute[] = [
  {
    path: '/campaigns',
    menu: '活动列表',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/CampaignListPage.tsx')),
  },
  {
    path: '/campaign-kinds',
    menu: '活动类型',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/CampaignKindsPage.tsx')),
  },
  {
    path: '/campaigns/:id',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/CampaignDetailPage.tsx')),
  },
  {
    path: '/campaigns/:id/dashboard',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/DashboardPage.tsx')),
  },
  {
    path: '/campaigns/:id/winners',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/WinnersPage.tsx')),
  },
  {
    path: '/coupon-templates/:key/codes',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/ExchangeCodesPage.tsx')),
  },
  {
    path: '/service-agents',
    menu: '客服团队',
    roles: ['operator', 'viewer'],
    page: lazy(() => import('./pages/ServiceAgentsPage.tsx')),
  },
  {
    path: '/redeem',
    menu: '核销优惠券',
    roles: ['operator', 'cashier'],
    page: lazy(() => import('./pages/RedeemPage.tsx')),
  },
];

/** Where a role lands after logging in. */
export const homeOf = (role: Role): string => (role === 'cashier' ? '/redeem' : '/campaigns');
