// Chat in the app in two phone browsers through the real server (issue 23, docs/chat-pages.md):
// two shoppers get their IM login from the product API and chat — text with emoji both ways, the
// session list's unread badge, a read receipt, a picture shown as a thumbnail, a message sent
// while the phone is offline that fails and is resent with a tap once back online, a recall, a
// voice message, a document and a location shown as cards — a third shopper joins Alice's group
// chat by the link her invite sheet shows as a QR code, and a long history scrolls in a
// virtualised list (frame times reported, not asserted).
import jsQR from 'jsqr';
import sharp from 'sharp';
import { CLIENT_TYPES, MSG_TYPES } from '@morsel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { openAs, type ShopperPhone } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

interface ImLogin {
  appKey: string;
  account: string;
  token: string;
}

async function imLogin(base: string, ut: string): Promise<ImLogin> {
  const response = await fetch(`${base}/api/chat/im-login`, { method: 'POST', headers: { ut } });
  const body = (await response.json()) as { code: number; data: ImLogin };
  expect(body.code).toBe(0);
  return body.data;
}

/** A logged-in phone with a fake microphone (a tone), allowed to record on the app's origin. */
async function openWithMicrophone(base: string, token: string): Promise<ShopperPhone> {
  const phone = await openPhone({
    extraArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  await phone.context.grantPermissions(['microphone'], { origin: base });
  await phone.context.addCookies([{ name: 'ut', value: token, url: base }]);
  const page = await phone.newPage();
  return { phone, page, errors: collectPageErrors(page), token };
}

/** The text a QR code image holds (jsQR on the image's pixels). */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const chatPath = (to: string) => `/activity/im/chat?to=${encodeURIComponent(to)}&scene=p2p`;

describe('chat in the app', () => {
  let app: TestServer;
  let alice: ShopperPhone;
  let bob: ShopperPhone;
  let aliceIm: ImLogin;
  let bobIm: ImLogin;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
    const [aliceUt, bobUt] = [
      await loginThroughApi(app.url, '13800009401'),
      await loginThroughApi(app.url, '13800009402'),
    ];
    [aliceIm, bobIm] = [await imLogin(app.url, aliceUt), await imLogin(app.url, bobUt)];
    [alice, bob] = [
      await openWithMicrophone(app.url, aliceUt),
      await openWithMicrophone(app.url, bobUt),
    ];
  });
  afterAll(async () => {
    await alice?.phone.close();
    await bob?.phone.close();
    await app?.stop();
  });

  it('chats both ways: a badge on the list (cleared on another tab too), a read receipt, a reply', async () => {
    await bob.page.goto(`${app.url}/activity/im/index`);
    await alice.page.goto(`${app.url}${chatPath(bobIm.account)}`);
    await expect.poll(() => alice.page.title()).toBe('聊天');
    const aliceLog = alice.page.getByRole('log', { name: '聊天记录' });

    const input = alice.page.getByRole('textbox', { name: '输入消息' });
    await input.fill('你好，周末一起去买零食吗');
    await alice.page.getByRole('button', { name: '表情' }).click();
    await alice.page.getByRole('option', { name: '🍪' }).click();
    await alice.page.getByRole('button', { name: '发送', exact: true }).click();
    await aliceLog.getByText('你好，周末一起去买零食吗🍪').waitFor();
    await aliceLog.getByText('未读').waitFor();

    // Bob's list: the conversation with its badge and preview, live.
    const sessions = bob.page.getByRole('list', { name: '会话列表' });
    await sessions.getByText('你好，周末一起去买零食吗🍪').waitFor();
    await sessions.getByLabel('1条未读').waitFor();
    await screenshot(bob.page, 'chat-sessions-unread');

    // A second tab of Bob's shows the same badge, and loses it when the first tab reads.
    const secondTab = await bob.phone.newPage();
    await secondTab.goto(`${app.url}/activity/im/index`);
    const otherList = secondTab.getByRole('list', { name: '会话列表' });
    await otherList.getByLabel('1条未读').waitFor();

    await sessions.getByRole('link').first().click();
    await bob.page.waitForURL((url) => url.pathname === '/activity/im/chat');
    const bobLog = bob.page.getByRole('log', { name: '聊天记录' });
    await bobLog.getByText('你好，周末一起去买零食吗🍪').waitFor();
    // Bob read it: Alice sees the receipt, and Bob's other tab drops the badge.
    await aliceLog.getByText('已读').waitFor();
    await otherList.getByText('你好，周末一起去买零食吗🍪').waitFor();
    await expect.poll(() => otherList.getByLabel(/条未读/).count()).toBe(0);
    await secondTab.close();

    await bob.page.getByRole('textbox', { name: '输入消息' }).fill('好呀，去哪家店？');
    await bob.page.keyboard.press('Enter');
    await aliceLog.getByText('好呀，去哪家店？').waitFor();
    await screenshot(alice.page, 'chat-alice-text');
    await screenshot(bob.page, 'chat-bob-text');

    // Back on the list, the badge is gone (read on this device).
    await bob.page.goto(`${app.url}/activity/im/index`);
    await sessions.getByText('好呀，去哪家店？').waitFor();
    expect(await sessions.getByLabel(/条未读/).count()).toBe(0);
  });

  it('sends a picture, shown to the peer as a thumbnail', async () => {
    await bob.page.goto(`${app.url}${chatPath(aliceIm.account)}`);
    const picture = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#ff7a30' },
    })
      .png()
      .toBuffer();
    await alice.page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'snacks.png', mimeType: 'image/png', buffer: picture });
    const image = bob.page
      .getByRole('log', { name: '聊天记录' })
      .getByRole('img', { name: '图片' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = await image.getAttribute('src');
    expect(src).toContain('thumbnail');
    // The thumbnail is smaller than the original.
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThan(800);
    await screenshot(bob.page, 'chat-bob-picture');
  });

  it('marks a message sent offline as failed and resends it with a tap', async () => {
    const aliceLog = alice.page.getByRole('log', { name: '聊天记录' });
    const errorsBefore = alice.errors.length;
    await alice.phone.context.setOffline(true);
    await alice.page.getByRole('textbox', { name: '输入消息' }).fill('断网时发的这条');
    await alice.page.keyboard.press('Enter');
    await aliceLog.getByText('发送失败，点击重发').waitFor({ timeout: 45_000 });
    await screenshot(alice.page, 'chat-alice-failed');

    await alice.phone.context.setOffline(false);
    await alice.page
      .getByRole('status')
      .filter({ hasText: '连接' })
      .waitFor({ state: 'detached', timeout: 45_000 });
    // Offline on purpose: whatever the page tried to load meanwhile (the SDK's reconnect asking
    // the load balancer, depending on its timing) failed as it should. Only that is forgiven.
    const whileOffline = alice.errors.splice(errorsBefore);
    expect(whileOffline.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await aliceLog.getByRole('button', { name: '发送失败，点击重发' }).click();
    await bob.page.getByRole('log', { name: '聊天记录' }).getByText('断网时发的这条').waitFor();
    await expect.poll(() => aliceLog.getByText('发送失败，点击重发').count()).toBe(0);
    await screenshot(alice.page, 'chat-alice-resent');
  }, 120_000);

  it('recalls a message for both sides', async () => {
    const aliceLog = alice.page.getByRole('log', { name: '聊天记录' });
    await alice.page.getByRole('textbox', { name: '输入消息' }).fill('这条发错了');
    await alice.page.keyboard.press('Enter');
    const bobLog = bob.page.getByRole('log', { name: '聊天记录' });
    await bobLog.getByText('这条发错了').waitFor();
    await aliceLog.getByText('这条发错了').click({ button: 'right' });
    await alice.page
      .getByRole('dialog', { name: '消息操作' })
      .getByRole('button', { name: '撤回' })
      .click();
    await aliceLog.getByText('你撤回了一条消息').waitFor();
    await bobLog.getByText(/撤回了一条消息/).waitFor();
    expect(await bobLog.getByText('这条发错了').count()).toBe(0);
  });

  it('records a voice message by holding the button, and the peer plays it', async () => {
    await alice.page.getByRole('button', { name: '切换到语音' }).click();
    const talk = alice.page.getByRole('button', { name: '按住 说话' });
    await talk.hover();
    await alice.page.mouse.down();
    await alice.page.getByRole('button', { name: '松开 发送' }).waitFor();
    await alice.page.waitForTimeout(1500); // the recording's length (the fake microphone's tone)
    await alice.page.mouse.up();

    const bobLog = bob.page.getByRole('log', { name: '聊天记录' });
    const voice = bobLog.getByRole('button', { name: /^播放语音/ });
    await voice.waitFor();
    await screenshot(bob.page, 'chat-bob-voice');
    // Playing fetches the recording the server keeps (a range request from the audio element).
    const fetched = bob.page.waitForResponse(
      (r) => r.url().includes('.webm') || r.url().includes('audioTrans'),
    );
    await voice.click();
    await bobLog.getByRole('button', { name: '停止播放语音' }).waitFor();
    expect((await fetched).status()).toBeLessThan(400);
    await alice.page.getByRole('button', { name: '切换到键盘' }).click();
  });

  it('sends a document and a location, shown to the peer as a file card and a map card', async () => {
    await bob.page.goto(`${app.url}${chatPath(aliceIm.account)}`);
    const bobLog = bob.page.getByRole('log', { name: '聊天记录' });
    const menu = Buffer.from('%PDF-1.4\n% 周末零食清单\n'.padEnd(3000, '.'));
    await alice.page.getByRole('button', { name: '更多' }).click();
    await alice.page
      .getByLabel('选择文件')
      .setInputFiles({ name: '零食清单.pdf', mimeType: 'application/pdf', buffer: menu });
    const file = bobLog.getByRole('link', { name: '文件 零食清单.pdf' });
    await file.waitFor();
    await file.getByText('2.9 KB').waitFor();
    // The card downloads the very bytes that were sent.
    const href = (await file.getAttribute('href'))!;
    const fetched = await fetch(new URL(href, app.url));
    expect(Buffer.from(await fetched.arrayBuffer()).equals(menu)).toBe(true);
    await screenshot(bob.page, 'chat-bob-file');

    await alice.phone.context.grantPermissions(['geolocation'], { origin: app.url });
    await alice.phone.context.setGeolocation({ latitude: 31.2304, longitude: 121.4737 });
    await alice.page.getByRole('button', { name: '更多' }).click();
    await alice.page
      .getByRole('group', { name: '更多' })
      .getByRole('button', { name: '位置' })
      .click();
    const sheet = alice.page.getByRole('dialog', { name: '发送位置' });
    await sheet.getByText('北纬 31.2304°，东经 121.4737°').waitFor();
    await sheet.getByRole('textbox', { name: '地址' }).fill('人民广场地铁站');
    await screenshot(alice.page, 'chat-alice-location-sheet');
    await sheet.getByRole('button', { name: '发送位置' }).click();
    const place = bobLog.getByRole('link', { name: '位置 人民广场地铁站' });
    await place.waitFor();
    await place.getByText('北纬 31.2304°，东经 121.4737°').waitFor();
    const map = new URL((await place.getAttribute('href'))!);
    expect(map.searchParams.get('position')).toBe('121.4737,31.2304');
    await alice.page
      .getByRole('log', { name: '聊天记录' })
      .getByRole('link', { name: '位置 人民广场地铁站' })
      .waitFor();
    await screenshot(bob.page, 'chat-bob-location');
  });

  it('joins a group chat by invite link, then chats in it', async () => {
    const { nim: owner } = await connectClient(app, 0, {
      account: aliceIm.account,
      token: aliceIm.token,
    });
    try {
      const { team } = await owner.createTeam({
        type: 'advanced',
        name: '周末零食团',
        intro: '分享好吃的零食',
        joinMode: 'noVerify',
        level: 50,
      });
      // The owner's invite sheet: the link and the same link as a QR code.
      await alice.page.goto(
        `${app.url}/activity/im/chat?to=${encodeURIComponent(team.teamId)}&scene=team`,
      );
      await alice.page.getByRole('button', { name: '邀请' }).click();
      const sheet = alice.page.getByRole('dialog', { name: '邀请好友入群' });
      const qr = sheet.getByRole('img', { name: '群聊邀请二维码' });
      await qr.waitFor();
      const link = (await sheet.getByLabel('邀请链接').textContent())!;
      expect(new URL(link).pathname).toBe('/activity/im/join');
      expect(await decodeQr(await qr.screenshot())).toBe(link);
      await screenshot(alice.page, 'chat-invite-qr');

      const dave = await openAs(app.url, await loginThroughApi(app.url, '13800009404'));
      try {
        await dave.page.goto(link);
        const card = dave.page.getByRole('region', { name: '群聊信息' });
        await card.getByRole('heading', { name: '周末零食团' }).waitFor();
        await card.getByText('成员 1/50').waitFor();
        await card.getByText(/邀请你加入群聊/).waitFor();
        await screenshot(dave.page, 'chat-join-card');
        await card.getByRole('button', { name: '加入群聊' }).click();

        await dave.page.waitForURL((url) => url.pathname === '/activity/im/joinOk');
        await dave.page.getByText('你已加入「周末零食团」').waitFor();
        await screenshot(dave.page, 'chat-join-ok');
        await dave.page.getByRole('button', { name: '进入群聊' }).click();
        await dave.page.waitForURL((url) => url.pathname === '/activity/im/chat');
        await dave.page.getByRole('heading', { name: '周末零食团' }).waitFor();
        await dave.page.getByRole('textbox', { name: '输入消息' }).fill('大家好，我是新来的');
        await dave.page.keyboard.press('Enter');
        const log = dave.page.getByRole('log', { name: '聊天记录' });
        await log.getByText('大家好，我是新来的').waitFor();
        await expect.poll(() => log.locator('[data-status="success"]').count()).toBeGreaterThan(0);
        await screenshot(dave.page, 'chat-team');
        // A member who is no manager is told so by the server.
        await dave.page.getByRole('button', { name: '邀请' }).click();
        await dave.page
          .getByRole('dialog', { name: '邀请好友入群' })
          .getByRole('alert')
          .filter({ hasText: /管理员|群主/ })
          .waitFor();
        expect(dave.errors).toEqual([]);
      } finally {
        await dave.phone.close();
      }
    } finally {
      await owner.destroy();
    }
  });

  it('pages a long history into a virtualised list and scrolls it (frame times reported)', async () => {
    // A third shopper wrote 300 messages to Alice (sent in process, as the server API does).
    const carolUt = await loginThroughApi(app.url, '13800009403');
    const carol = await imLogin(app.url, carolUt);
    const session = {
      appKey: carol.appKey,
      accid: carol.account,
      nick: '',
      clientType: CLIENT_TYPES.Server,
      deviceId: 'e2e',
      os: 'e2e',
      loginAt: Date.now(),
    };
    for (let i = 1; i <= 300; i++)
      await app.server.imMessaging.send(
        session,
        {
          scene: 'p2p',
          to: aliceIm.account,
          type: MSG_TYPES.text,
          idClient: `history-${i}`,
          text: `第 ${i} 条：${'零食清单'.repeat((i % 5) + 1)}`,
        },
        { ip: '127.0.0.1' },
      );

    await alice.page.goto(`${app.url}${chatPath(carol.account)}`);
    const log = alice.page.getByRole('log', { name: '聊天记录' });
    await log.getByText(/^第 300 条/).waitFor();
    // Scroll to the top until the first message is paged in.
    for (let round = 0; round < 30; round++) {
      if ((await log.getByText('没有更早的消息了').count()) > 0) break;
      await log.evaluate((el) => el.scrollTo({ top: 0 }));
      await alice.page.waitForTimeout(300);
    }
    await log.getByText(/^第 1 条/).waitFor();
    const rowsInPage = await log.locator('[data-index]').count();
    expect(rowsInPage).toBeLessThan(60); // virtualised: a screenful and the overscan, not 300

    const frames = await log.evaluate(
      (el) =>
        new Promise<number[]>((resolve) => {
          const deltas: number[] = [];
          let last = performance.now();
          const step = el.scrollHeight / 180;
          const tick = (now: number) => {
            deltas.push(now - last);
            last = now;
            el.scrollTop += step;
            if (deltas.length < 180) requestAnimationFrame(tick);
            else resolve(deltas.slice(1));
          };
          requestAnimationFrame(tick);
        }),
    );
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    console.log(
      `[chat e2e] scroll over 300 messages, ${frames.length} frames: ` +
        `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; ` +
        `${rowsInPage} rows in the page`,
    );
    await screenshot(alice.page, 'chat-long-history');
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  }, 120_000);
});
