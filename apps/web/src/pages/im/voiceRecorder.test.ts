import { describe, expect, it } from 'vitest';
import { voiceFileName } from './voiceRecorder.ts';

describe('a voice recording’s file name', () => {
  it('follows the type the browser recorded', () => {
    expect(voiceFileName('audio/webm;codecs=opus')).toBe('voice.webm');
    expect(voiceFileName('audio/mp4')).toBe('voice.m4a');
    expect(voiceFileName('audio/ogg;codecs=opus')).toBe('voice.ogg');
  });
});
