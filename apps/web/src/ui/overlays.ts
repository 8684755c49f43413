// Toast and Dialog, loaded when first shown. Both bring antd-mobile's mask and its animation
// library (about 18 kB gzip); a page that never shows one never downloads it. The calls keep
// antd-mobile's shapes: alert and confirm resolve as its own do.
import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import type { ToastShowProps } from 'antd-mobile/es/components/toast';

/**
 * antd-mobile's imperative Toast and Dialog render nothing on React 19 without this bridge. It is
 * set with the first overlay, not at start: its module brings rc-util and Babel's runtime helpers
 * (about 3 kB gzip), which every first visit would otherwise download (issue 24).
 */
let bridged: Promise<void> | undefined;
const bridge = () =>
  (bridged ??= Promise.all([
    import('antd-mobile/es/utils/unstable-render'),
    import('react-dom/client'),
  ]).then(([{ unstableSetRender }, { createRoot }]) => {
    unstableSetRender((node, container) => {
      const root = createRoot(container);
      root.render(node);
      return async () => root.unmount();
    });
  })).catch((error: unknown) => {
    bridged = undefined; // a failed download is tried again with the next overlay
    throw error;
  });

const loadToast = () =>
  Promise.all([bridge(), import('antd-mobile/es/components/toast')]).then(([, m]) => m.default);
const loadDialog = () =>
  Promise.all([bridge(), import('antd-mobile/es/components/dialog')]).then(([, m]) => m.default);

export const Toast = {
  show(props: ToastShowProps): void {
    void loadToast().then((toast) => toast.show(props));
  },
  clear(): void {
    void loadToast().then((toast) => toast.clear());
  },
};

/** A dialog is named by its title for screen readers (antd-mobile leaves role="dialog" unnamed). */
function named<P extends { title?: unknown; 'aria-label'?: string }>(props: P): P {
  if (props['aria-label'] || typeof props.title !== 'string') return props;
  return { ...props, 'aria-label': props.title };
}

export const Dialog = {
  alert: (props: DialogAlertProps): Promise<void> =>
    loadDialog().then((dialog) => dialog.alert(named(props))),
  confirm: (props: DialogConfirmProps): Promise<boolean> =>
    loadDialog().then((dialog) => dialog.confirm(named(props))),
};
