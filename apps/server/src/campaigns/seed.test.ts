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
      'love',
      'nbcb',
      'orange-card',
      'password',
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

  it('names the file and the field of a bad file', () => {
    expect(() => readCampaignFiles(dirWith({ 'a.json': '{' }))).toThrow(
      /a\.json is not valid JSON/,
    );
    expect(() =>
      readCampaignFiles(dirWith({ 'b.json': { ...password, startsAt: 'soon' } })),
    ).toThrow(/b\.json: \/startsAt/);
    expect(() =>
      readCampaignFiles(dirWith({ 'c.json': { ...password, settings: { attemptsPerUser: 0 } } })),
    ).toThrow(/c\.json: settings/);
    expect(() =>
      readCampaignFiles(dirWith({ 'd.json': { ...password, kind: 'lottery' } })),
    ).toThrow(/unknown campaign kind lottery/);
  });

  it('refuses prizes and templates that are named but not listed', () => {
    const missingPrize = {
      ...password,
      passwords: [{ password: '你好', prize: 'nope', startsAt: 0, endsAt: 1 }],
    };
    expect(() => readCampaignFiles(dirWith({ 'e.json': missingPrize }))).toThrow(
      /names prize nope/,
    );
    const missingTemplate = {
      ...password,
      prizes: [{ ...password.prizes[0], kind: 'coupon', value: 'ghost' }],
    };
    expect(() => readCampaignFiles(dirWith({ 'f.json': missingTemplate }))).toThrow(
      /coupon template "ghost"/,
    );
  });
});
