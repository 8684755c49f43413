// The operator console never ships in the shopper's bundle: the web app's build holds no antd,
// no ECharts and none of the console's own code, while the console's build holds all three (so
// the markers below are ones a leak would carry).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_DIST, WEB_DIST } from './harness/app.ts';

/** Strings each of which only the console's code and libraries put in a bundle. */
const MARKERS = [
  // The console's own header and title.
  'x-morsel-console',
  '运营控制台',
  // ECharts' instance attribute; antd's icon class and package scope (antd-mobile has neither).
  '_echarts_instance_',
  'anticon',
  '@ant-design',
];

function scriptsOf(dist: string): string {
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`not built: ${dist}: run npm run build (npm test does it)`);
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
}

describe("the shopper's bundle", () => {
  it('carries none of the operator console, which carries every marker', () => {
    const web = scriptsOf(WEB_DIST) + fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    const consoleScripts = scriptsOf(ADMIN_DIST);
    for (const marker of MARKERS) {
      expect(consoleScripts, `the console's build carries ${marker}`).toContain(marker);
      expect(web, `the shopper's build must not carry ${marker}`).not.toContain(marker);
    }
  });
});
