// A campaign's daily figures for the console's dashboard, counted by the database in one pass
// per table. A day is a calendar day in China Standard Time (UTC+8, no daylight saving), numbered
// from the epoch: (created_at + 8 h) / 24 h in integer arithmetic, which SQLite and PostgreSQL
// compute alike on bigint columns.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The day number of an epoch-millisecond time. */
export const chinaDay = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
/** When day `day` begins (epoch ms). */
const dayStart = (day: number): number => day * DAY_MS - CHINA_OFFSET_MS;

const dayOf = (column: 'campaign_awards.created_at' | 'campaign_sign_ins.created_at') =>
  sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

export interface DayActivity {
  day: number;
  participants: number;
  draws: number;
  awards: number;
}

/** Participants, draws and awards of each day from `fromDay` to `toDay` that had any. */
export async function dailyActivity(
  db: Kysely<Database>,
  campaignId: string,
  fromDay: number,
  toDay: number,
): Promise<DayActivity[]> {
  const from = dayStart(fromDay);
  const to = dayStart(toDay + 1);
  const awardRows = await db
    .selectFrom('campaign_awards')
    .select([
      dayOf('campaign_awards.created_at').as('day'),
      sql<number>`sum(case when source = 'draw' then 1 else 0 end)`.as('draws'),
      sql<number>`sum(case when kind <> 'thanks' then 1 else 0 end)`.as('awards'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(dayOf('campaign_awards.created_at'))
    .execute();
  // A shopper counts once a day whether they drew, won or signed in (UNION removes repeats).
  const people = db
    .selectFrom('campaign_awards')
    .select([dayOf('campaign_awards.created_at').as('day'), 'user_id'])
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .union(
      db
        .selectFrom('campaign_sign_ins')
        .select([dayOf('campaign_sign_ins.created_at').as('day'), 'user_id'])
        .where('campaign_id', '=', campaignId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to),
    )
    .as('people');
  const participantRows = await db
    .selectFrom(people)
    .select(['people.day', (eb) => eb.fn.countAll<number | string>().as('participants')])
    .groupBy('people.day')
    .execute();

  const byDay = new Map<number, DayActivity>();
  const at = (day: number) => {
    let found = byDay.get(day);
    if (!found) byDay.set(day, (found = { day, participants: 0, draws: 0, awards: 0 }));
    return found;
  };
  for (const row of awardRows) {
    const entry = at(Number(row.day));
    entry.draws = Number(row.draws);
    entry.awards = Number(row.awards);
  }
  for (const row of participantRows) at(Number(row.day)).participants = Number(row.participants);
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

/** How many of each prize were awarded on each day from `fromDay` on (keyed `prize@day`). */
export async function dailyPrizeAwards(
  db: Kysely<Database>,
  campaignId: string,
  fromDay: number,
): Promise<{ prizeKey: string; day: number; count: number }[]> {
  const rows = await db
    .selectFrom('campaign_awards')
    .select([
      'prize_key',
      dayOf('campaign_awards.created_at').as('day'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('created_at', '>=', dayStart(fromDay))
    .groupBy(['prize_key', dayOf('campaign_awards.created_at')])
    .execute();
  return rows.map((row) => ({
    prizeKey: row.prize_key,
    day: Number(row.day),
    count: Number(row.count),
  }));
}
