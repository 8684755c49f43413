// What the browser bundles carry (decision 0054): the SDK looks commands up in the schema-free
// wire table, so neither TypeBox nor the command schemas reach a browser. One value import of a
// schema module (commands/index.ts, shapes/*.ts) would bring them back, some 11 kB gzip. Frames
// are packed by the protocol's plain writer (decision 0061) and read by its plain reader, which
// browsers get through the protocol's '#unpack-body' import (decision 0063): no msgpackr at all,
// 11 kB gzip less.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { BROWSER_BUNDLES, browserPlugins } from '../scripts/build.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The protocol files allowed in a browser bundle's commands folder: no schema in them. */
const SCHEMA_FREE = ['wire.ts', 'wire.generated.ts', 'wire-text.ts', 'vocabulary.ts'];

describe('the browser bundles', () => {
  for (const [entry, , links] of BROWSER_BUNDLES) {
    it(`${entry} carries no schema library, no command schema, no msgpackr and no WebTransport`, async () => {
      const { output } = await build({
        input: path.join(SRC, entry),
        platform: 'browser',
        plugins: browserPlugins(links),
        logLevel: 'silent',
        write: false,
        output: { format: 'iife', sourcemap: true },
      });
      const chunk = output.find((o) => o.type === 'chunk')!;
      const sources = chunk.map!.sources;
      expect(sources.filter((s) => s.includes('node_modules/msgpackr/'))).toEqual([]);
      // engine.io-client without its WebTransport (decision 0063), websocket and polling kept.
      const transports = sources
        .filter((s) => s.includes('engine.io-client/build/esm/transports/'))
        .map((s) => s.slice(s.lastIndexOf('/') + 1))
        .sort();
      expect(transports).toEqual(['polling-xhr.js', 'polling.js', 'websocket.js']);
      expect(sources.filter((s) => s.endsWith('protocol/src/msgpack-reader.ts'))).toHaveLength(1);
      expect(sources.filter((s) => s.includes('@sinclair/typebox'))).toEqual([]);
      const commandFiles = sources
        .filter((s) => s.includes('protocol/src/commands/'))
        .map((s) => s.slice(s.indexOf('protocol/src/commands/') + 'protocol/src/commands/'.length));
      expect(commandFiles.filter((f) => !SCHEMA_FREE.includes(f))).toEqual([]);
      // The command table: the IM-only bundle without the chatroom link's commands, the others whole.
      const entries = (flags: RegExp) =>
        chunk.code.match(
          new RegExp(`(?<=[';])[A-Za-z]+,\\d+,\\d+,${flags.source}(,\\d+)?;`, 'g'),
        ) ?? [];
      expect(entries(/[rp]i[01]/).length).toBeGreaterThan(150);
      if (links === 'im') expect(entries(/[rp]c[01]/)).toEqual([]);
      else expect(entries(/[rp]c[01]/).length).toBeGreaterThan(20);
    }, 60_000);
  }
});
