import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk.ts';

const Page = () => null;

describe('loading a page chunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ default: Page }))).resolves.toEqual({ default: Page });
  });

  it('turns a failed import into ChunkLoadError', async () => {
    const failing = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('turns a stalled import into ChunkLoadError after the time-out', async () => {
    await expect(loadChunk(() => new Promise(() => {}), 5)).rejects.toThrow(ChunkLoadError);
  });
});
