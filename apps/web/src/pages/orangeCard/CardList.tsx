// A list of the shopper's cards (the result page, the give page): face value, city, masked number,
// and an action per card.
import type { ReactNode } from 'react';
import type { OrangeCard } from './api.ts';
import styles from './orange.module.css';

export function CardList({
  cards,
  selectedId,
  action,
}: {
  cards: OrangeCard[];
  selectedId?: number | null;
  action: (card: OrangeCard) => ReactNode;
}) {
  return (
    <ul className={styles.cardList}>
      {cards.map((card) => (
        <li
          key={card.id}
          className={card.id === selectedId ? styles.cardItemSelected : styles.cardItem}
        >
          <div className={styles.cardItemMain}>
            <strong>¥{card.faceValueText}</strong>
            <span>
              {card.cityName}通用 · 余额 ¥{card.balanceText}
              {card.source === 'gift' ? ' · 好友赠送' : ''}
            </span>
            <span className={styles.cardItemNo}>{card.cardNo}</span>
          </div>
          {action(card)}
        </li>
      ))}
    </ul>
  );
}
