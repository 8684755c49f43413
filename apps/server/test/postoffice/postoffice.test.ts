// The voice post office over real HTTP: recordings checked for what they are (audio only), how
// big and how long (ffprobe, also for WebM that states no length) and kept as MP3; cards checked
// against the operator's templates and covers and the text rules; the link anyone can open without
// learning who made it; my cards; deleting (the recording goes too); and the daily limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  data,
  DAY_MS,
  newShopper,
  onEachEngine,
  startCampaignServer,
} from '../campaigns/helpers.ts';
import {
  pruneUnusedVoices,
  UNUSED_VOICE_KEPT_MS,
  VOICE_USABLE_MS,
} from '../../src/postoffice/index.ts';
import { card, recording, uploadVoice } from './helpers.ts';

const CARDS = '/api/postoffice/cards';

let threeSeconds: Buffer;
beforeAll(async () => {
  threeSeconds = await recording(3);
});

await onEachEngine((engine, overrides, cleanup) => {
  describe(`voice post office on ${engine}`, () => {
    let s: ProductTestServer;
    beforeAll(async () => {
      s = await startCampaignServer(await overrides());
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('shows the templates and covers the operator chose', async () => {
      const home = data(await call(s.url, 'GET', '/api/postoffice'));
      expect(home.templates.map((t: { key: string }) => t.key)).toEqual([
        'birthday',
        'thanks',
        'miss-you',
      ]);
      expect(home.covers).toHaveLength(4);
      expect(home).toMatchObject({
        loggedIn: false,
        limits: { voicesPerDay: 30, cardsPerDay: 10 },
      });
      expect(home.campaign).toMatchObject({ id: 'postoffice', state: 'running' });
      // Every cover a template names is there to pick.
      const covers = new Set(home.covers.map((c: { key: string }) => c.key));
      for (const t of home.templates) for (const c of t.covers) expect(covers.has(c)).toBe(true);
    });

    it('keeps a recording as MP3 with its length, and refuses what is not one', async () => {
      const a = await newShopper(s);
      expect((await uploadVoice(s.url, undefined, threeSeconds)).body.code).toBe(-331007);
      const json = await call(s.url, 'POST', '/api/postoffice/voices', {
        ut: a.ut,
        body: { file: 'x' },
      });
      expect([json.status, json.body.code]).toEqual([400, 65200]);

      const text = await uploadVoice(s.url, a.ut, Buffer.from('not a recording at all'));
      expect(text.body).toMatchObject({ code: 65201, message: '无法识别这段录音，请重新录制' });
      const video = await uploadVoice(
        s.url,
        a.ut,
        await recording(2, 'video'),
        'a.mp4',
        'video/mp4',
      );
      expect(video.body.code).toBe(65201);
      const big = await uploadVoice(s.url, a.ut, Buffer.alloc(4 * 1024 * 1024 + 1, 7));
      expect(big.body).toMatchObject({ code: 65202, message: '录音文件过大，请重新录制' });
      const short = await uploadVoice(s.url, a.ut, await recording(0.4));
      expect(short.body.code).toBe(65204);
      // Too long whether the container says so (MP4) or not (WebM streamed as a recorder does).
      const longM4a = await uploadVoice(
        s.url,
        a.ut,
        await recording(70, 'm4a'),
        'v.m4a',
        'audio/mp4',
      );
      expect(longM4a.body.code).toBe(65203);
      const longWebm = await uploadVoice(s.url, a.ut, await recording(70));
      expect(longWebm.body).toMatchObject({ code: 65203, message: '录音不能超过60秒，请重新录制' });

      const kept = data(await uploadVoice(s.url, a.ut, threeSeconds));
      expect(kept.voice).toMatch(/^[A-Za-z0-9_-]{22}\.mp3$/);
      expect(kept.durationMs).toBeGreaterThanOrEqual(2900);
      expect(kept.durationMs).toBeLessThanOrEqual(3200);
      expect(kept.url).toBe(`/im/files/${kept.voice}`);
      const played = await fetch(`${s.url}${kept.url}`);
      expect(played.headers.get('content-type')).toBe('audio/mpeg');
      const mp3 = Buffer.from(await played.arrayBuffer());
      expect(mp3.length).toBe(kept.size);
      // An MP3 frame sync or an ID3 tag.
      expect(mp3[0] === 0xff || mp3.subarray(0, 3).toString() === 'ID3').toBe(true);

      // A recording of a minute is kept (the recorder's timer may run a little over).
      const minute = data(await uploadVoice(s.url, a.ut, await recording(60)));
      expect(minute.durationMs).toBeGreaterThan(59_000);
      // Eight ffmpeg runs here and in the server: a minute and more on a loaded 2-core machine.
    }, 180_000);

    it('saves a card anyone with its link can open, without learning who made it', async () => {
      const a = await newShopper(s);
      const b = await newShopper(s);
      const voice = data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;

      const wrongCover = await call(s.url, 'POST', CARDS, {
        ut: a.ut,
        body: card(voice, { template: 'thanks', cover: 'postcard-night' }),
      });
      expect(wrongCover.body).toMatchObject({
        code: 65220,
        message: '模板或封面已下架，请重新选择',
      });
      const noTemplate = await call(s.url, 'POST', CARDS, {
        ut: a.ut,
        body: card(voice, { template: 'gone' }),
      });
      expect(noTemplate.body.code).toBe(65220);
      const badText = await call(s.url, 'POST', CARDS, {
        ut: a.ut,
        body: card(voice, { from: '  ', text: '好'.repeat(121) }),
      });
      expect(badText.body).toMatchObject({
        code: 65221,
        message: '请填写寄件人',
        data: { fields: { from: '请填写寄件人', text: '正文不能超过120个字' } },
      });
      // Another shopper's recording, or one never uploaded, is not this card's.
      const taken = await call(s.url, 'POST', CARDS, { ut: b.ut, body: card(voice) });
      expect(taken.body).toMatchObject({ code: 65206 });
      const unknown = await call(s.url, 'POST', CARDS, {
        ut: a.ut,
        body: card('AAAAAAAAAAAAAAAAAAAAAA.mp3'),
      });
      expect(unknown.body.code).toBe(65206);
      expect((await call(s.url, 'POST', CARDS, { body: card(voice) })).body.code).toBe(-331007);

      const made = data(
        await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice, { to: '  ' }) }),
      );
      expect(made).toMatchObject({
        look: { key: 'birthday', name: '生日快乐', paper: '#fff4e8' },
        cover: { key: 'postcard-cake', image: '/api/campaign/assets/postcard-cake.svg' },
        voice: { url: `/im/files/${voice}` },
        to: '',
        from: '小李',
        text: '生日快乐，记得吃零食！',
        mine: true,
      });
      expect(made.code).toMatch(/^[A-Za-z0-9_-]{22}$/);

      // Anyone, logged in or not, plays it; nothing says who the maker is.
      const open = await fetch(`${s.url}${CARDS}/${made.code}`);
      const raw = await open.text();
      expect(JSON.parse(raw).data).toEqual({ ...made, mine: false });
      expect(raw).not.toContain(a.mobile);
      expect(raw).not.toMatch(/user_?id|mobile|nick/i);
      expect(data(await call(s.url, 'GET', `${CARDS}/${made.code}`, { ut: b.ut })).mine).toBe(
        false,
      );
      expect(data(await call(s.url, 'GET', `${CARDS}/${made.code}`, { ut: a.ut })).mine).toBe(true);
      // A code that was never made, and one that is not a code.
      const missing = await call(s.url, 'GET', `${CARDS}/${'B'.repeat(22)}`);
      expect(missing.body).toMatchObject({ code: 65223, message: '明信片不存在或已被删除' });
      expect((await call(s.url, 'GET', `${CARDS}/1`)).status).toBe(400);

      // The same recording may go on a second card; my cards lists both, newest first.
      const second = data(
        await call(s.url, 'POST', CARDS, {
          ut: a.ut,
          body: card(voice, { template: 'miss-you', cover: 'postcard-night' }),
        }),
      );
      const mine = data(await call(s.url, 'GET', CARDS, { ut: a.ut }));
      expect(mine.cards.map((c: { code: string }) => c.code)).toEqual([second.code, made.code]);
      expect(mine.next).toBeNull();
      expect(data(await call(s.url, 'GET', CARDS, { ut: b.ut })).cards).toEqual([]);

      // Only its maker deletes a card; the recording goes with the last card that plays it.
      const notHers = await call(s.url, 'DELETE', `${CARDS}/${made.code}`, { ut: b.ut });
      expect(notHers.body.code).toBe(65223);
      data(await call(s.url, 'DELETE', `${CARDS}/${made.code}`, { ut: a.ut }));
      expect((await call(s.url, 'GET', `${CARDS}/${made.code}`)).body.code).toBe(65223);
      expect((await fetch(`${s.url}/im/files/${voice}`)).status).toBe(200);
      data(await call(s.url, 'DELETE', `${CARDS}/${second.code}`, { ut: a.ut }));
      expect((await fetch(`${s.url}/im/files/${voice}`)).status).toBe(404);
      const gone = await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice) });
      expect(gone.body.code).toBe(65206);
    });

    it('prunes recordings no card plays a day after their upload, file and row', async () => {
      const a = await newShopper(s);
      const upload = async () => data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;
      const [onCard, unused, orphaned] = [await upload(), await upload(), await upload()];
      data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(onCard) }));
      const lost = data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(orphaned) }));
      // A card an operator deletes in the database leaves its recording behind.
      await s.server.store.db.deleteFrom('postcards').where('code', '=', lost.code).execute();
      const prune = () =>
        pruneUnusedVoices({
          db: s.server.store.db,
          files: s.server.files,
          now: () => s.clock.now(),
        });
      const rows = async () =>
        (
          await s.server.store.db
            .selectFrom('postcard_voices')
            .select('name')
            .where('name', 'in', [onCard, unused, orphaned])
            .execute()
        )
          .map((row) => row.name)
          .sort();
      const served = async (name: string) => (await fetch(`${s.url}/im/files/${name}`)).status;

      // Within its day a recording waits for its card, used or not.
      expect(await prune()).toBe(0);
      expect(await served(unused)).toBe(200);

      // Too old for a new card an hour before the job may remove it.
      s.clock.advance(VOICE_USABLE_MS);
      const late = await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(unused) });
      expect(late.body).toMatchObject({ code: 65206, message: '录音已失效，请重新录制' });
      expect(await prune()).toBe(0);

      s.clock.advance(UNUSED_VOICE_KEPT_MS - VOICE_USABLE_MS);
      expect(await prune()).toBeGreaterThanOrEqual(2);
      expect(await rows()).toEqual([onCard]);
      expect(await served(unused)).toBe(404);
      expect(await served(orphaned)).toBe(404);
      expect(await served(onCard)).toBe(200);
      expect(await prune()).toBe(0);
    });

    it('pages my cards twenty at a time', async () => {
      const a = await newShopper(s);
      const voice = data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;
      const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/postoffice'));
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
          settings: { ...detail.settings, cardsPerDay: 30 },
        }),
      );
      try {
        const codes: string[] = [];
        for (let i = 0; i < 23; i++)
          codes.unshift(
            data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice) })).code,
          );
        const first = data(await call(s.url, 'GET', CARDS, { ut: a.ut }));
        expect(first.cards.map((c: { code: string }) => c.code)).toEqual(codes.slice(0, 20));
        const rest = data(await call(s.url, 'GET', `${CARDS}?before=${first.next}`, { ut: a.ut }));
        expect(rest.cards.map((c: { code: string }) => c.code)).toEqual(codes.slice(20));
        expect(rest.next).toBeNull();
      } finally {
        data(
          await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
            settings: detail.settings,
          }),
        );
      }
    });

    it('holds each account to the day’s recordings and cards, and starts again the next day', async () => {
      const a = await newShopper(s);
      const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/postoffice'));
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
          settings: { ...detail.settings, voicesPerDay: 2, cardsPerDay: 1 },
        }),
      );
      try {
        const voice = data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;
        // A refused file counts too: checking it cost the server as much.
        expect((await uploadVoice(s.url, a.ut, Buffer.from('noise'))).body.code).toBe(65201);
        const third = await uploadVoice(s.url, a.ut, threeSeconds);
        expect(third.body).toMatchObject({ code: 65205, message: '每天最多录音2次，请明天再试' });

        // A refused card does not count; a saved one does.
        const refused = await call(s.url, 'POST', CARDS, {
          ut: a.ut,
          body: card(voice, { text: '' }),
        });
        expect(refused.body.code).toBe(65221);
        data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice) }));
        const over = await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice) });
        expect(over.body).toMatchObject({
          code: 65222,
          message: '每天最多制作1张明信片，请明天再试',
        });
        // Another shopper has their own allowance.
        const b = await newShopper(s);
        data(await uploadVoice(s.url, b.ut, threeSeconds));

        s.clock.advance(DAY_MS);
        const today = data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;
        data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(today) }));
      } finally {
        data(
          await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
            settings: detail.settings,
          }),
        );
      }
    });

    it('keeps the look a card was made with when templates change, and refuses a template naming no cover', async () => {
      const a = await newShopper(s);
      const voice = data(await uploadVoice(s.url, a.ut, threeSeconds)).voice;
      const made = data(await call(s.url, 'POST', CARDS, { ut: a.ut, body: card(voice) }));
      const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/postoffice'));
      const bad = await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
        settings: {
          ...detail.settings,
          templates: [{ ...detail.settings.templates[0], covers: ['no-such-cover'] }],
        },
      });
      expect(bad.body.code).not.toBe(0);
      expect(JSON.stringify(bad.body)).toContain('no-such-cover');
      // The card keeps the look it was made with when the template is renamed.
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
          settings: {
            ...detail.settings,
            templates: detail.settings.templates.map((t: { key: string }) =>
              t.key === 'birthday' ? { ...t, name: '新的名字' } : t,
            ),
          },
        }),
      );
      try {
        expect(data(await call(s.url, 'GET', `${CARDS}/${made.code}`)).look.name).toBe('生日快乐');
      } finally {
        data(
          await admin(s.url, 'PATCH', '/admin/api/campaigns/postoffice', {
            settings: detail.settings,
          }),
        );
      }
    });
  });
});
