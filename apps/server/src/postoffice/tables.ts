import type { Generated } from 'kysely';

// Row types of the voice post office (migration 0062).

/** A recording a shopper uploaded; the MP3 is the file storage's object `name`. */
export interface PostcardVoiceTable {
  name: string;
  user_id: number;
  duration_ms: number;
  created_at: number;
}

export interface PostcardTable {
  id: Generated<number>;
  /** The public code its link carries (16 random bytes, base64url). */
  code: string;
  user_id: number;
  voice_name: string;
  duration_ms: number;
  /** The template's look when the card was made, JSON text. */
  look: string;
  /** The cover when the card was made, JSON text. */
  cover: string;
  to_name: string;
  from_name: string;
  body: string;
  created_at: number;
}

export interface PostofficeTables {
  postcard_voices: PostcardVoiceTable;
  postcards: PostcardTable;
}
