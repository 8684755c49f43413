// The mobile component library, imported component by component. antd-mobile's package index
// is marked side-effectful, so importing from 'antd-mobile' pulls in every component (about
// 160 kB gzip); deep imports keep each page's chunk to what it uses. Add components here.
import 'antd-mobile/es/global';

export { default as Button } from 'antd-mobile/es/components/button';
export { default as ErrorBlock } from 'antd-mobile/es/components/error-block';
export { Spinner } from './Spinner.tsx';
export { Dialog, Toast } from './overlays.ts';
export { default as Input } from 'antd-mobile/es/components/input';
export { default as NoticeBar } from 'antd-mobile/es/components/notice-bar';
export { default as Mask } from 'antd-mobile/es/components/mask';
export { default as CapsuleTabs } from 'antd-mobile/es/components/capsule-tabs';
// Segmented needs no animation library, unlike the tab components: for small filters.
export { default as Segmented } from 'antd-mobile/es/components/segmented';
