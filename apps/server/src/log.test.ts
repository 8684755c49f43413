// The log level follows MORSEL_LOG_LEVEL: the logger `npm start` builds (main.ts hands
// buildServer only the config) and the one Fastify logs requests with.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { LOG_LEVELS } from './config/schema.ts';
import { loadConfig } from './config/index.ts';
import { createLogger } from './log.ts';

describe('log level', () => {
  it('is info when MORSEL_LOG_LEVEL is not set', () => {
    const log = createLogger(loadConfig({}));
    expect(log.level).toBe('info');
    expect(log.isLevelEnabled('info')).toBe(true);
    expect(log.isLevelEnabled('debug')).toBe(false);
  });

  it.each(LOG_LEVELS)('is %s when MORSEL_LOG_LEVEL=%s', (level) => {
    expect(createLogger(loadConfig({ MORSEL_LOG_LEVEL: level })).level).toBe(level);
  });

  it('drops records below the level and keeps the rest', () => {
    const log = createLogger(loadConfig({ MORSEL_LOG_LEVEL: 'warn' }));
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('warn')).toBe(true);
    expect(log.isLevelEnabled('error')).toBe(true);
  });

  it('reaches the server and its request logger when the server is built from the config alone', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-log-'));
    const server = await buildServer(
      loadConfig({ MORSEL_LOG_LEVEL: 'error', MORSEL_DATA_DIR: dataDir, MORSEL_SEED_DEMO: 'off' }),
    );
    try {
      expect(server.log.level).toBe('error');
      expect(server.http.log.level).toBe('error');
    } finally {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
