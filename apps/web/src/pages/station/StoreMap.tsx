// The stores on the maps service's map (only when the server configured a key): a marker per
// store in the list, the service's geolocation control, the view fitted to the markers. A map
// that fails to load leaves the list alone on the page and says so.
import { useEffect, useRef, useState } from 'react';
import { loadMap, type MapConfig, type MapInstance } from './mapLoader.ts';
import type { Store } from './useStores.ts';
import styles from './station.module.css';

export function StoreMap({
  config,
  stores,
  centre,
}: {
  config: MapConfig;
  stores: Store[];
  centre: { lat: number; lng: number } | null;
}) {
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = stores.map((s) => s.id).join(',');
  useEffect(() => {
    let map: MapInstance | null = null;
    let live = true;
    loadMap(config)
      .then((AMap) => {
        if (!live || !el.current) return;
        const first = centre ?? stores[0] ?? null;
        map = new AMap.Map(el.current, {
          zoom: 13,
          center: first ? [first.lng, first.lat] : [121.4737, 31.2304],
          resizeEnable: true,
        });
        const markers = stores.map(
          (s) => new AMap.Marker({ position: [s.lng, s.lat], title: s.name }),
        );
        map.add(markers);
        map.addControl(new AMap.Geolocation({ position: 'RB', zoomToAccuracy: true }));
        if (markers.length > 0) map.setFitView(markers);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      map?.destroy();
    };
  }, [config.loaderUrl, key, centre?.lat, centre?.lng]);
  if (failed) return <p className={styles.mapFailed}>地图加载失败，可在下方列表查看门店</p>;
  return <div ref={el} className={styles.map} role="region" aria-label="门店地图" data-map="" />;
}
