// Province -> city -> county, one level at a time from the signed areas API, as the address
// pickers of Chinese shops work: tabs for the levels chosen so far, a list for the open level.
import { useEffect, useState } from 'react';
import { isSuccess } from '../../request/types.ts';
import { fetchAreas, type Area } from './areas.ts';
import styles from './address.module.css';

export interface AreaChoice {
  province: Area;
  city: Area;
  county: Area;
}

type Level = 0 | 1 | 2;

export function AreaPicker({ onDone }: { onDone: (choice: AreaChoice) => void }) {
  const [chosen, setChosen] = useState<Area[]>([]);
  const [level, setLevel] = useState<Level>(0);
  const [options, setOptions] = useState<Area[] | null>(null);
  const [failed, setFailed] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setOptions(null);
    setFailed('');
    const parent = level === 0 ? '' : chosen[level - 1]!.code;
    fetchAreas(parent)
      .then((reply) => {
        if (!live) return;
        if (isSuccess(reply)) setOptions(reply.data);
        else setFailed(reply.message);
      })
      .catch((error: unknown) => live && setFailed((error as Error).message));
    return () => {
      live = false;
    };
    // chosen[level - 1] is what the level lists; it only changes together with level.
  }, [level, round]);

  const pick = (area: Area) => {
    const next = [...chosen.slice(0, level), area];
    setChosen(next);
    if (level === 2) onDone({ province: next[0]!, city: next[1]!, county: next[2]! });
    else setLevel((level + 1) as Level);
  };

  return (
    <div className={styles.picker} aria-label="选择所在地区">
      <div className={styles.levels} role="tablist">
        {[0, 1, 2].map((index) =>
          index <= level ? (
            <button
              key={index}
              type="button"
              role="tab"
              aria-selected={index === level}
              className={index === level ? styles.levelActive : styles.level}
              onClick={() => setLevel(index as Level)}
            >
              {index < level ? chosen[index]!.name : '请选择'}
            </button>
          ) : null,
        )}
      </div>
      <div className={styles.options} role="group" aria-label="可选地区">
        {options === null && !failed && (
          // Rows of the list to come, until the areas load.
          <div className={styles.optionsSkeleton} role="status" aria-label="加载中">
            <span />
            <span />
            <span />
            <span />
          </div>
        )}
        {failed && (
          <div className={styles.optionsState}>
            <p>{failed}</p>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => setRound((n) => n + 1)}
            >
              重试
            </button>
          </div>
        )}
        {options?.map((area) => (
          <button
            key={area.code}
            type="button"
            className={chosen[level]?.code === area.code ? styles.optionActive : styles.option}
            onClick={() => pick(area)}
          >
            {area.name}
          </button>
        ))}
      </div>
    </div>
  );
}
