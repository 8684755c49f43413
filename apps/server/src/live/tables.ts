// Row types of the live room (migration 0060).
import type { Generated } from 'kysely';

/** A live session: its stream, its chatroom in the default IM app, its host and likes. */
export interface LiveSessionTable {
  id: Generated<number>;
  title: string;
  /** A picture URL (this site's path or https). */
  cover: string;
  /** `sample:<name>` (made here with ffmpeg) or an https:// HLS playlist. */
  stream: string;
  /** The campaign whose prizes the lottery gives. */
  campaign_id: string;
  host_user_id: number;
  app_key: string;
  chatroom_id: number;
  starts_at: number;
  ends_at: number;
  likes: Generated<number>;
  created_at: number;
}

/** A lottery draw a host ran: the prize and the winners as announced. */
export interface LiveDrawTable {
  id: Generated<number>;
  session_id: number;
  prize_key: string;
  prize_name: string;
  prize_image: string;
  /** JSON: [{ userId, nick, mobile }] (mobile masked), in the order drawn. */
  winners: string;
  drawn_at: number;
}

export interface LiveTables {
  live_sessions: LiveSessionTable;
  live_draws: LiveDrawTable;
}
