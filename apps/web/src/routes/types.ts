import type { ComponentType } from 'react';
import type { ShareContent } from '../native/bridge.ts';

export const DEFAULT_BACKGROUND = '#f5f5f5';

export type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  /** Document title (Simplified Chinese). */
  title: string;
  /** Body background; light grey when absent. */
  background?: string;
  requireLogin?: boolean;
  /** Share content applied on entering the route (WeChat, Alipay, native app). */
  share?: ShareContent;
  /**
   * Loads the page's own chunk. A route without a page is not served yet: its path falls to the
   * not-found page until its campaign lands.
   */
  page?: () => Promise<PageModule>;
  /** A full page load elsewhere instead of a page (the third-party mall entries). */
  redirectTo?: string;
  /**
   * false: no floating 客服 button (pages that are chat or customer service themselves, login,
   * the live player). Other pages without a campaign header get one (docs/customer-service.md).
   */
  serviceEntry?: false;
}
