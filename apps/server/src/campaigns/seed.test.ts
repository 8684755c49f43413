import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCampaignFiles } from './seed.ts';

function dirWith(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'morsel-campaign-seed-'));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(
      path.join(dir, name),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  return dir;
}

const password = {
  id: 'password',
  kind: 'password',
  title: '输口令',
  rules: [],
  startsAt: '2026-01-01T00:00:00+08:00',
  endsAt: '2027-01-01T00:00:00+08:00',
  settings: { attemptsPerUser: 5, attemptsPerAddress: 50, attemptWindowMinutes: 10 },
  prizes: [
    { key: 'p', name: '10积分', image: '', kind: 'points', value: '10', weight: 0, slot: -1 },
  ],
  passwords: [{ password: '你好', prize: 'p', startsAt: 0, endsAt: 1 }],
};

describe('campaign seed files', () => {
  it('accepts the files shipped in the repository', () => {
    const ids = readCampaignFiles().map((c) => c.id);
    expect(ids).toEqual([
      'apply',
      'bag',
      'baike',
      'bank',
      'chinanet',
      'cms',
      'coupon',
      'crossborder',
      'download',
      'fission',
      'free',
      'fullshop',
      'game',
      'giftstory',
      'joinus',
      'live',
      'love',
      'nbcb',
      'orange-card',
      'password',
      'postoffice',
      'privacy',
      'raffle',
      'rain',
      'sign',
      'station',
      'topic',
      'update',
      'video',
      'vote',
      'wine',
    ]);
  });

  it('names the file and every problem of a bad file, in Chinese', () => {
    expect(() => readCampaignFiles(dirWith({ 'a.json': '{' }))).toThrow(/a\.json：不是有效的 JSON/);
    const schema = () =>
      readCampaignFiles(
        dirWith({ 'b.json': { ...password, startsAt: 'soon', title: '', colour: 'red' } }),
      );
    expect(schema).toThrow(/^活动种子文件不正确，服务未启动/);
    expect(schema).toThrow(/b\.json：.*startsAt 应为/);
    expect(schema).toThrow(/title 应为1 到 128 个字符的文本/);
    expect(schema).toThrow(/colour 不是可用的字段/);
    expect(() =>
      readCampaignFiles(dirWith({ 'c.json': { ...password, settings: { attemptsPerUser: 0 } } })),
    ).toThrow(
      /c\.json：settings\.attemptsPerAddress 缺少该字段；.*settings\.attemptsPerUser 应为1 到 10000 之间的整数/,
    );
    expect(() =>
      readCampaignFiles(dirWith({ 'd.json': { ...password, kind: 'lottery' } })),
    ).toThrow(/kind 应为已有的活动类型/);
  });

  it('runs the admin API board checks: slots that exist, one prize a slot, an unlimited fallback', () => {
    const prize = { name: '奖', image: '', kind: 'points', value: '10', weight: 1 };
    const raffle = {
      id: 'raffle-2',
      kind: 'raffle',
      title: '第二个抽奖',
      rules: [],
      startsAt: '2026-01-01T00:00:00+08:00',
      endsAt: '2027-01-01T00:00:00+08:00',
      settings: {
        tagline: '抽',
        shareText: '抽',
        layout: 'grid',
        dailyChances: 3,
        bonusChancesPerDay: 0,
        fallbackPrize: 'thanks',
        winnersShown: 10,
      },
      prizes: [
        { ...prize, key: 'thanks', kind: 'thanks', value: '', slot: 0, stock: 5 },
        { ...prize, key: 'scarf', kind: 'goods', value: '', slot: 9, stock: 1 },
        { ...prize, key: 'p1', slot: 1 },
        { ...prize, key: 'p2', slot: 1 },
      ],
    };
    const start = () => readCampaignFiles(dirWith({ 'raffle-2.json': raffle }));
    expect(start).toThrow(/prizes\.thanks\.stock 应为 null/);
    expect(start).toThrow(/prizes\.scarf\.slot 应为 -1（不上九宫格）或 0 到 7 之间的整数/);
    expect(start).toThrow(/prizes\.p2\.slot 与奖品 p1 同在 1 号格/);
  });

  it('refuses prizes and templates that are named but not listed, file by file', () => {
    const missingPrize = {
      ...password,
      passwords: [{ password: '你好', prize: 'nope', startsAt: 0, endsAt: 1 }],
    };
    const missingTemplate = {
      ...password,
      id: 'password-2',
      endsAt: '2025-01-01T00:00:00+08:00',
      prizes: [{ ...password.prizes[0], kind: 'coupon', value: 'ghost' }],
      passwords: [],
    };
    const start = () =>
      readCampaignFiles(dirWith({ 'e.json': missingPrize, 'f.json': missingTemplate }));
    expect(start).toThrow(
      /e\.json：passwords\.你好\.prize 应为本文件 prizes 中的奖品（nope 不存在）/,
    );
    expect(start).toThrow(
      /f\.json：endsAt 应晚于 startsAt.*；prizes\.p\.value 应为已有的优惠券模板编号（ghost 不存在）/,
    );
  });
});
