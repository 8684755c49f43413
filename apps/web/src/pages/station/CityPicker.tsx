// The fallback when the shopper's position is not to be had: why, a row of cities to pick, and
// 重新定位 for a shopper who has since allowed location.
import styles from './station.module.css';

export function CityPicker({
  reason,
  cities,
  current,
  onPick,
  onLocate,
}: {
  reason: 'denied' | 'unavailable' | 'picked';
  cities: { code: string; name: string }[];
  current: string;
  onPick: (code: string) => void;
  onLocate: () => void;
}) {
  const name = cities.find((c) => c.code === current)?.name ?? '';
  const why =
    reason === 'denied'
      ? `未获得定位权限，已为你展示${name}的门店`
      : reason === 'unavailable'
        ? `暂时无法定位，已为你展示${name}的门店`
        : `正在查看${name}的门店`;
  return (
    <section className={styles.fallback} aria-label="选择城市">
      <p className={styles.fallbackText} role="status">
        {why}
      </p>
      <div className={styles.cities} role="group" aria-label="城市">
        {cities.map((c) => (
          <button
            key={c.code}
            type="button"
            className={c.code === current ? styles.cityOn : styles.cityChip}
            aria-pressed={c.code === current}
            onClick={() => onPick(c.code)}
          >
            {c.name}
          </button>
        ))}
      </div>
      <button type="button" className={styles.relocate} onClick={onLocate}>
        重新定位
      </button>
    </section>
  );
}
