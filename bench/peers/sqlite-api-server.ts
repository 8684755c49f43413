// The `http` scenario's peer: what a Node developer would write for the same three calls with
// no framework of ours — bare Fastify 5 and better-sqlite3 with the same pragmas as Morsel's
// store (WAL, synchronous NORMAL), a session looked up by the sha256 of its token, and each
// write decided by one conditional statement inside a transaction as our kernel does. No
// parameter schemas beyond a type check, no envelope codes table, no campaign configuration.
// Run as its own process: PORT, DATA_DIR in the environment; prints "ready" when listening.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const db = new Database(path.join(process.env.DATA_DIR ?? '.', 'peer.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.exec(`
  create table if not exists users (id integer primary key, mobile text not null unique, created_at integer not null);
  create table if not exists sessions (token_hash text primary key, user_id integer not null references users(id), expires_at integer not null);
  create table if not exists sms_codes (id integer primary key, mobile text not null, code text not null, created_at integer not null, used_at integer);
  create index if not exists sms_codes_mobile on sms_codes (mobile, id);
  create table if not exists campaigns (id text primary key, starts_at integer not null, ends_at integer not null, daily_points integer not null, daily_chances integer not null);
  create table if not exists sign_ins (user_id integer not null, day text not null, streak integer not null, created_at integer not null, primary key (user_id, day));
  create table if not exists points_ledger (id integer primary key, user_id integer not null, delta integer not null, business_key text not null unique, created_at integer not null);
  create table if not exists points_balances (user_id integer primary key, balance integer not null);
  create table if not exists draw_counters (user_id integer not null, day text not null, count integer not null, primary key (user_id, day));
  create table if not exists prizes (key text primary key, weight integer not null, stock integer);
  create table if not exists awards (id integer primary key, user_id integer not null, prize_key text not null, created_at integer not null);
`);
const now0 = Date.now();
db.prepare('insert or ignore into campaigns values (?, ?, ?, ?, ?)').run(
  'sign',
  now0 - 1e9,
  now0 + 1e10,
  5,
  0,
);
db.prepare('insert or ignore into campaigns values (?, ?, ?, ?, ?)').run(
  'raffle',
  now0 - 1e9,
  now0 + 1e10,
  0,
  3,
);
const insertPrize = db.prepare('insert or ignore into prizes values (?, ?, ?)');
for (const [key, weight, stock] of [
  ['goods', 2, 20],
  ['coupon5', 15, 2000],
  ['points10', 40, null],
  ['thanks', 43, null],
] as const)
  insertPrize.run(key, weight, stock);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

const q = {
  session: db.prepare(
    'select u.id, u.mobile from sessions s join users u on u.id = s.user_id where s.token_hash = ? and s.expires_at > ?',
  ),
  campaign: db.prepare('select * from campaigns where id = ?'),
  userByMobile: db.prepare('select id, mobile from users where mobile = ?'),
  consumeCode: db.prepare(
    'update sms_codes set used_at = ? where id = (select max(id) from sms_codes where mobile = ?) and code = ? and used_at is null and created_at > ?',
  ),
  insertSession: db.prepare('insert into sessions values (?, ?, ?)'),
  yesterday: db.prepare('select streak from sign_ins where user_id = ? and day = ?'),
  insertSignIn: db.prepare('insert into sign_ins values (?, ?, ?, ?) on conflict do nothing'),
  ledger: db.prepare(
    'insert into points_ledger (user_id, delta, business_key, created_at) values (?, ?, ?, ?) on conflict do nothing',
  ),
  balance: db.prepare(
    'insert into points_balances values (?, ?) on conflict (user_id) do update set balance = balance + excluded.balance returning balance',
  ),
  countDraw: db.prepare(
    'insert into draw_counters values (?, ?, 1) on conflict (user_id, day) do update set count = count + 1 where count < ? returning count',
  ),
  prizes: db.prepare('select key, weight, stock from prizes where weight > 0'),
  takeStock: db.prepare(
    'update prizes set stock = stock - 1 where key = ? and (stock is null or stock > 0)',
  ),
  insertAward: db.prepare('insert into awards (user_id, prize_key, created_at) values (?, ?, ?)'),
  insertUser: db.prepare(
    'insert into users (mobile, created_at) values (?, ?) on conflict do nothing',
  ),
  insertCode: db.prepare('insert into sms_codes (mobile, code, created_at) values (?, ?, ?)'),
};

type User = { id: number; mobile: string };
const ok = (data: unknown) => ({ code: 0, message: 'success', data });
const fail = (code: number, message: string) => ({ code, message, data: null });

function currentUser(ut: unknown): User | undefined {
  if (typeof ut !== 'string' || !ut) return undefined;
  return q.session.get(sha256(ut), Date.now()) as User | undefined;
}

const app = Fastify({ logger: false });

app.post('/login', async (request, reply) => {
  const body = request.body as { mobile?: unknown; captchas?: unknown } | null;
  const mobile = body?.mobile;
  const captchas = body?.captchas;
  if (typeof mobile !== 'string' || !/^1[3-9]\d{9}$/.test(mobile))
    return reply.code(400).send(fail(10002, 'bad mobile'));
  if (typeof captchas !== 'string' || !/^\d{6}$/.test(captchas))
    return reply.code(400).send(fail(10001, 'bad captchas'));
  const now = Date.now();
  const user = q.userByMobile.get(mobile) as User | undefined;
  if (!user) return fail(30002, 'not registered');
  const ut = randomBytes(32).toString('base64url');
  const done = db.transaction(() => {
    if (q.consumeCode.run(now, mobile, captchas, now - 300_000).changes !== 1) return false;
    q.insertSession.run(sha256(ut), user.id, now + 30 * 86400_000);
    return true;
  })();
  if (!done) return fail(20006, 'wrong code');
  reply.header('set-cookie', `ut=${ut}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return ok({ ut, user: { id: user.id, mobile: mobile.slice(0, 3) + '****' + mobile.slice(7) } });
});

app.post('/sign', async (request) => {
  const user = currentUser(request.headers.ut);
  if (!user) return fail(-331007, 'login expired');
  const now = Date.now();
  const campaign = q.campaign.get('sign') as {
    starts_at: number;
    ends_at: number;
    daily_points: number;
  };
  if (now < campaign.starts_at || now >= campaign.ends_at) return fail(60002, 'ended');
  const today = chinaDay(now);
  const result = db.transaction(() => {
    const previous = q.yesterday.get(user.id, chinaDay(now - 86400_000)) as
      { streak: number } | undefined;
    const streak = (previous?.streak ?? 0) + 1;
    if (q.insertSignIn.run(user.id, today, streak, now).changes !== 1) return undefined;
    q.ledger.run(user.id, campaign.daily_points, `sign:${user.id}:${today}`, now);
    const { balance } = q.balance.get(user.id, campaign.daily_points) as { balance: number };
    return { date: today, streak, points: campaign.daily_points, balance, reward: null };
  })();
  return result ? ok(result) : fail(60010, 'signed today');
});

app.post('/draw', async (request) => {
  const user = currentUser(request.headers.ut);
  if (!user) return fail(-331007, 'login expired');
  const now = Date.now();
  const campaign = q.campaign.get('raffle') as {
    starts_at: number;
    ends_at: number;
    daily_chances: number;
  };
  if (now < campaign.starts_at || now >= campaign.ends_at) return fail(60002, 'ended');
  const result = db.transaction(() => {
    const counted = q.countDraw.get(user.id, chinaDay(now), campaign.daily_chances) as
      { count: number } | undefined;
    if (!counted) return undefined;
    const prizes = q.prizes.all() as { key: string; weight: number; stock: number | null }[];
    let ticket = randomInt(prizes.reduce((total, p) => total + p.weight, 0));
    let prize = prizes[prizes.length - 1]!;
    for (const p of prizes)
      if ((ticket -= p.weight) < 0) {
        prize = p;
        break;
      }
    const key = q.takeStock.run(prize.key).changes === 1 ? prize.key : 'thanks';
    const award = q.insertAward.run(user.id, key, now);
    return {
      prize: key,
      awardId: Number(award.lastInsertRowid),
      chancesLeft: campaign.daily_chances - counted.count,
    };
  })();
  return result ? ok(result) : fail(60020, 'no draws left');
});

app.get('/info', async (request) => {
  const user = currentUser(request.headers.ut);
  if (!user) return fail(-331007, 'login expired');
  return ok({ id: user.id, mobile: user.mobile.slice(0, 3) + '****' + user.mobile.slice(7) });
});

// Bench set-up only (not measured): users, a session each, and one fresh SMS code each.
app.post('/bench/prepare', async (request) => {
  const { mobiles } = request.body as { mobiles: string[] };
  const now = Date.now();
  return db.transaction(() =>
    mobiles.map((mobile) => {
      q.insertUser.run(mobile, now);
      const user = q.userByMobile.get(mobile) as User;
      const ut = randomBytes(32).toString('base64url');
      q.insertSession.run(sha256(ut), user.id, now + 30 * 86400_000);
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      q.insertCode.run(mobile, code, now);
      return { mobile, ut, code };
    }),
  )();
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(
    signal,
    () =>
      void app.close().then(() => {
        db.close();
        process.exit(0);
      }),
  );
