import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAnswer, rememberAnswer, rememberedAnswer } from './ageGate.ts';

const DAY = 86_400_000;

describe('the wine age confirmation', () => {
  beforeEach(() => forgetAnswer());

  it('asks a first-time visitor', () => {
    expect(rememberedAnswer(30)).toBe('unknown');
  });

  it('remembers a confirmation for the configured days, then asks again', () => {
    const at = Date.UTC(2026, 10, 1);
    rememberAnswer('adult', at);
    expect(rememberedAnswer(30, at + 29 * DAY)).toBe('adult');
    expect(rememberedAnswer(30, at + 30 * DAY)).toBe('unknown');
    expect(rememberedAnswer(0, at)).toBe('unknown');
  });

  it('keeps a decline for the visit only, and a later confirmation replaces it', () => {
    rememberAnswer('adult');
    rememberAnswer('declined');
    expect(rememberedAnswer(30)).toBe('declined');
    expect(localStorage.length).toBe(0);
    rememberAnswer('adult');
    expect(rememberedAnswer(30)).toBe('adult');
  });
});
