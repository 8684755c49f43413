// Helpers the campaign end-to-end tests share: a phone that is logged in as a given number (a
// real SMS login through the API, its token in the `ut` cookie as the login page leaves it),
// and the campaign API called as that shopper.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectPageErrors, openPhone, type Phone } from './harness/browser.ts';
import { loginThroughApi } from './shell-support.ts';

export interface ShopperPhone {
  phone: Phone;
  page: Page;
  errors: string[];
  token: string;
}

export async function openLoggedOut(): Promise<{ phone: Phone; page: Page; errors: string[] }> {
  const phone = await openPhone();
  const page = await phone.newPage();
  return { phone, page, errors: collectPageErrors(page) };
}

export async function openLoggedIn(base: string, mobile: string): Promise<ShopperPhone> {
  return openAs(base, await loginThroughApi(base, mobile));
}

/** A phone logged in with a token already issued (a second SMS login would wait 60 s). */
export async function openAs(base: string, token: string): Promise<ShopperPhone> {
  const phone = await openPhone();
  await phone.context.addCookies([{ name: 'ut', value: token, url: base }]);
  const page = await phone.newPage();
  return { phone, page, errors: collectPageErrors(page), token };
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A campaign call as the shopper of `token` (JSON body), for arranging state a test starts from. */
export async function campaignApi<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response = await fetch(`${base}/api/campaign/${path}`, {
    method,
    headers: { ut: token, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** An admin call (the server must run with this admin key). */
export async function adminApi(
  base: string,
  key: string,
  method: 'PUT' | 'PATCH' | 'POST',
  path: string,
  body: unknown,
): Promise<void> {
  const response = await fetch(`${base}/admin/api/${path}`, {
    method,
    headers: { 'x-admin-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Envelope<unknown>;
  expect(reply.code, `${method} ${path}: ${reply.message}`).toBe(0);
}

const DAY_MS = 86_400_000;

/**
 * Makes a live campaign through the admin API with a window wide around now (from a day ago for
 * 30 days): the pages run on the server's real clock. Answers the maker and the window's start.
 */
export function liveCampaigns(base: string, key: string) {
  const startsAt = Date.now() - DAY_MS;
  const make = (body: Record<string, unknown>) =>
    adminApi(base, key, 'POST', 'campaigns', {
      startsAt,
      endsAt: startsAt + 30 * DAY_MS,
      status: 'live',
      ...body,
    });
  return { startsAt, make };
}

/** Answers the "请先登录" dialog with 去登录 and checks the login page was asked with loginFrom. */
export async function expectLoginAsked(page: Page, from: string): Promise<void> {
  await page.getByRole('dialog').getByText('请先登录').waitFor();
  await page.getByRole('button', { name: '去登录' }).click();
  await page.waitForURL((url) => url.pathname === '/my/login');
  expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(from);
}

/** A 登录… button went straight to the login page (no "请先登录" dialog), with loginFrom. */
export async function expectLoginOpened(page: Page, from: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/my/login');
  expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(from);
}
