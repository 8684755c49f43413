// The maps service's JS API (version 2.0 with its geolocation plugin, spec section 1), loaded
// only when the server hands the page a map configuration: without a key no script is asked
// for and the pages show the list alone. One load per page session, whichever page asks.
export interface MapConfig {
  key: string;
  loaderUrl: string;
  securityCode: string;
}

/** The part of the maps API the station map uses. */
export interface MapApi {
  Map: new (
    el: HTMLElement,
    options: { zoom: number; center: [number, number]; resizeEnable?: boolean },
  ) => MapInstance;
  Marker: new (options: { position: [number, number]; title: string }) => MarkerInstance;
  Geolocation: new (options: Record<string, unknown>) => unknown;
}
export interface MapInstance {
  add(overlays: MarkerInstance[]): void;
  addControl(control: unknown): void;
  setFitView(overlays?: MarkerInstance[]): void;
  destroy(): void;
}
export type MarkerInstance = { on(event: 'click', handler: () => void): void };

declare global {
  interface Window {
    AMap?: MapApi;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<MapApi> | null = null;

export function loadMap(config: MapConfig): Promise<MapApi> {
  if (loading) return loading;
  loading = new Promise<MapApi>((resolve, reject) => {
    if (config.securityCode) window._AMapSecurityConfig = { securityJsCode: config.securityCode };
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(new Error('map load timed out')), LOAD_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loading = null; // a later page may try again
      reject(error);
    };
    script.src = config.loaderUrl;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      if (window.AMap) resolve(window.AMap);
      else fail(new Error('map script loaded without its API'));
    };
    script.onerror = () => fail(new Error('map script failed to load'));
    document.head.append(script);
  });
  return loading;
}
