import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CODES,
  CHAT_CODES,
  CODES,
  CONTENT_CODES,
  FORM_CODES,
  POSTOFFICE_CODES,
  LIVE_CODES,
  CS_CODES,
  PRODUCT_CODES,
} from './codes.ts';
import { ApiError, fail } from './api-error.ts';

/** The `| code | message |` rows of a doc's catalogue table. */
function documentedCodes(doc: string): { code: number; message: string }[] {
  const text = fs.readFileSync(new URL(`../../../docs/${doc}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^\| (-?\d+) +\| ([^|]+?) +\|/gm)]
    .map((m) => ({ code: Number(m[1]), message: m[2]!.trim() }))
    .filter((row) => row.code !== 0);
}

const rows = (catalogue: Record<string, { code: number; message: string }>) =>
  Object.values(catalogue)
    .map(({ code, message }) => ({ code, message }))
    .sort((a, b) => a.code - b.code);

describe('the error catalogue', () => {
  it('has one code per name, and no name in both parts', () => {
    const codes = Object.values(CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const product = new Set(Object.keys(PRODUCT_CODES));
    expect(Object.keys(CAMPAIGN_CODES).filter((name) => product.has(name))).toEqual([]);
  });

  it('keeps the forms in their range (64000-64499) and in docs/forms.md', () => {
    for (const { code } of Object.values(FORM_CODES)) expect(code).toBeGreaterThanOrEqual(64000);
    for (const { code } of Object.values(FORM_CODES)) expect(code).toBeLessThanOrEqual(64499);
    expect(documentedCodes('forms.md')).toEqual(rows(FORM_CODES));
  });

  it('keeps the love account and content pages in their range (64100-64299) and in docs/content.md', () => {
    for (const { code } of Object.values(CONTENT_CODES)) expect(code).toBeGreaterThanOrEqual(64100);
    for (const { code } of Object.values(CONTENT_CODES)) expect(code).toBeLessThanOrEqual(64299);
    expect(documentedCodes('content.md')).toEqual(rows(CONTENT_CODES));
  });

  it('keeps chat in the app in its range (65000-65099) and in docs/chat-pages.md', () => {
    for (const { code } of Object.values(CHAT_CODES)) expect(code).toBeGreaterThanOrEqual(65000);
    for (const { code } of Object.values(CHAT_CODES)) expect(code).toBeLessThanOrEqual(65099);
    expect(documentedCodes('chat-pages.md')).toEqual(rows(CHAT_CODES));
  });

  it('keeps the voice post office in its range (65200-65299) and in docs/postoffice.md', () => {
    for (const { code } of Object.values(POSTOFFICE_CODES))
      expect(code).toBeGreaterThanOrEqual(65200);
    for (const { code } of Object.values(POSTOFFICE_CODES)) expect(code).toBeLessThanOrEqual(65299);
    expect(documentedCodes('postoffice.md')).toEqual(rows(POSTOFFICE_CODES));
  });

  it('keeps the live room in its range (65100-65199) and in docs/live-pages.md', () => {
    for (const { code } of Object.values(LIVE_CODES)) expect(code).toBeGreaterThanOrEqual(65100);
    for (const { code } of Object.values(LIVE_CODES)) expect(code).toBeLessThanOrEqual(65199);
    expect(documentedCodes('live-pages.md')).toEqual(rows(LIVE_CODES));
  });

  it('keeps customer service in its range (65300-65349) and in docs/customer-service.md', () => {
    for (const { code } of Object.values(CS_CODES)) expect(code).toBeGreaterThanOrEqual(65300);
    for (const { code } of Object.values(CS_CODES)) expect(code).toBeLessThanOrEqual(65349);
    expect(documentedCodes('customer-service.md')).toEqual(rows(CS_CODES));
  });

  it('is the table in docs/product-api.md', () => {
    expect(documentedCodes('product-api.md')).toEqual(rows(PRODUCT_CODES));
  });

  it('is, with the shared 10001, the table in docs/campaigns.md', () => {
    expect(documentedCodes('campaigns.md')).toEqual(
      rows({ ...CAMPAIGN_CODES, badParameter: CODES.badParameter }),
    );
  });
});

describe('ApiError', () => {
  it('carries the code, the catalogue message and a 200 status by default', () => {
    const error = fail('noChancesToday');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 60020, status: 200, data: null, key: 'noChancesToday' });
    expect(error.message).toBe(CODES.noChancesToday.message);
  });

  it('takes a message, data and status of its own', () => {
    const error = fail('smsTooSoon', {
      message: '请3秒后再试',
      data: { retryAfter: 3 },
      status: 429,
    });
    expect(error).toMatchObject({ code: 20001, message: '请3秒后再试', status: 429 });
    expect(error.data).toEqual({ retryAfter: 3 });
  });
});
