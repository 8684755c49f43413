// Row types of the orange gift card tables (migration 0037_orange_cards). Fen and epoch ms.
import type { Generated } from 'kysely';

export type OrangeCardState = 'active' | 'giving' | 'void';
export type GiftState = 'pending' | 'claimed' | 'returned';

export interface OrangeCardTable {
  id: Generated<number>;
  card_no: string;
  order_id: number;
  /** Position in its order, 1…quantity: (order_id, seq) is unique, so a payment issues once. */
  seq: number;
  city_code: string;
  city_name: string;
  face_value: number;
  balance: number;
  owner_id: number;
  state: OrangeCardState;
  source: 'bought' | 'gift';
  created_at: number;
  updated_at: number;
}

export interface OrangeGiftTable {
  id: Generated<number>;
  /** 256 random bits, base64url: the share link's only key. */
  token: string;
  card_id: number;
  giver_id: number;
  blessing: string;
  state: GiftState;
  receiver_id: number | null;
  created_at: number;
  expires_at: number;
  claimed_at: number | null;
  returned_at: number | null;
}

export interface OrangeCityChoiceTable {
  user_id: number;
  city_code: string;
  updated_at: number;
}

export interface OrangeCardTables {
  orange_cards: OrangeCardTable;
  orange_gifts: OrangeGiftTable;
  orange_city_choices: OrangeCityChoiceTable;
}
