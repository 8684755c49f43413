// Helpers for the campaign suites: a real server (ManualClock, admin key, generous SMS limits
// since every shopper logs in from 127.0.0.1), shoppers logged in through the real SMS flow, and
// JSON calls to the campaign and admin APIs.
import type { Config } from '../../src/config/index.ts';
import { forEachEngine } from '../harness/index.ts';
import {
  LEGACY,
  outboxCode,
  postForm,
  sendCode,
  startProductServer,
  type Envelope,
  type ProductTestServer,
} from '../product/helpers.ts';

export const ADMIN_KEY = 'test-admin-key-0123456789';

export async function startCampaignServer(
  overrides: Partial<Config> = {},
): Promise<ProductTestServer> {
  return startProductServer({
    // The campaigns under test are the demo seed's.
    seedDemo: true,
    adminKey: ADMIN_KEY,
    smsDailyLimitPerAddress: 100_000,
    smsImageCaptchaAfterPerAddress: 100_000,
    smsDailyLimitPerMobile: 1000,
    smsImageCaptchaAfterPerMobile: 1000,
    // Suites move the clock by weeks; sessions outlive that.
    sessionTtlDays: 365,
    ...overrides,
  });
}

/** A suite that runs on one engine: `overrides` points a server at a fresh database on it. */
export type EngineSuite = (
  engine: string,
  overrides: () => Promise<Partial<Config>>,
  cleanup: () => Promise<void>,
) => void;

/**
 * Runs a suite on SQLite and on a fresh PostgreSQL database (dropped by `cleanup`), through the
 * harness's forEachEngine (an unreachable engine shows as skipped). Call with top-level await.
 */
export async function onEachEngine(suite: EngineSuite): Promise<void> {
  await forEachEngine((engine) => {
    let drop: (() => Promise<void>) | undefined;
    suite(
      engine.label,
      async () => {
        const database = await engine.freshDatabase();
        drop = database.drop;
        return database.config;
      },
      async () => drop?.(),
    );
  });
}

export interface Shopper {
  ut: string;
  id: number;
  mobile: string;
}

let nextMobile = 13_700_000_000 + (process.pid % 1000) * 10_000;

/** Registers a new shopper through the SMS outbox and answers their session. */
export async function newShopper(s: ProductTestServer): Promise<Shopper> {
  const mobile = String(++nextMobile);
  const sent = await sendCode(s.url, mobile);
  if (sent.body.code !== 0) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
  const registered = await postForm<{ ut: string; user: { id: number } }>(
    s.url,
    '/ouser-web/memberRegisterForm.do',
    {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    },
  );
  if (registered.body.code !== 0)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return { ut: registered.body.data.ut, id: registered.body.data.user.id, mobile };
}

/** Answers as the suites read them: JSON whose shape each assertion states. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

/** A JSON call to the campaign API, as the shopper `ut` when given. */
export async function call<T = Json>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { ut?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.ut ? { ut: options.ut } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** An admin API call with the test key (or the given one). */
export async function admin<T = Json>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  key: string = ADMIN_KEY,
): Promise<Answer<T>> {
  return call<T>(base, method, path, { body, headers: { 'x-admin-key': key } });
}

/** Fails the test with the answer when a call did not succeed. */
export function data<T>(answer: Answer<T>): T {
  if (answer.body.code !== 0)
    throw new Error(`expected success, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export const DAY_MS = 86_400_000;

/**
 * Points the demo raffle at one prize: only `prizeKey` can be won (weight 1, `stock` left), every
 * other draw falls to "thanks", and each shopper has `dailyChances` draws a day.
 */
export async function aimRaffleAt(
  url: string,
  prizeKey: string,
  stock: number,
  dailyChances: number,
): Promise<void> {
  const detail = data(await admin(url, 'GET', '/admin/api/campaigns/raffle'));
  for (const prize of detail.prizes as {
    key: string;
    name: string;
    image: string;
    kind: string;
    value: string;
    slot: number;
    stock: number | null;
  }[]) {
    const target = prize.key === prizeKey;
    data(
      await admin(url, 'PUT', `/admin/api/campaigns/raffle/prizes/${prize.key}`, {
        name: prize.name,
        image: prize.image,
        kind: prize.kind,
        value: prize.value,
        weight: target ? 1 : 0,
        stock: prize.stock,
        slot: prize.slot,
      }),
    );
    // A published prize's stock moves only by relative amounts (decision 0037).
    if (target && prize.stock !== stock)
      data(
        await admin(url, 'POST', `/admin/api/campaigns/raffle/prizes/${prize.key}/stock`, {
          add: stock - (prize.stock ?? 0),
        }),
      );
  }
  const settings = {
    layout: 'grid',
    dailyChances,
    bonusChancesPerDay: 0,
    fallbackPrize: 'thanks',
    winnersShown: 10,
  };
  data(await admin(url, 'PATCH', '/admin/api/campaigns/raffle', { settings }));
}
