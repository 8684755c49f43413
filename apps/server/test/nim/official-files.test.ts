// Uploads through the official NIM Web SDK's Node build: sendFile with a Node buffer
// (`fileObject`) and with a file path, as the SDK does it on the wire (getNosToken, a multipart
// POST to the load balancer's `nosup` address plus the bucket, the address built from privateConf's
// `nos_downloader`). A client of our SDK receives the message and fetches the same bytes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call, privateConf } from './official-sdk.ts';

interface Msg {
  type: string;
  from: string;
  file?: {
    url: string;
    name: string;
    size: number;
    md5: string;
    ext: string;
    w?: number;
    h?: number;
  };
}

describe('uploads through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;
  /** privateConf with NIM's download template on our files' address. */
  const withDownloads = () => ({
    privateConf: {
      ...privateConf(suite.server),
      nos_downloader: `${suite.server.url}/im/files/{object}`,
    },
  });

  it('sends a picture from a Node buffer; our SDK receives it and fetches the bytes', async () => {
    const alice = await official('nim-files-pic', { extra: withDownloads() });
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#ff8800' },
    })
      .png()
      .toBuffer();

    const sent = await call<Msg>(alice.nim, 'sendFile', {
      scene: 'p2p',
      to: 'demo2',
      type: 'image',
      fileObject: { fileName: 'snack.png', fileData: png },
    });
    // NIMMessage's file: the address NIM's SDK built, the sizes our upload answered.
    expect(sent).toMatchObject({
      type: 'image',
      status: 'success',
      file: { name: 'snack.png', ext: 'png', size: png.length, w: 40, h: 30 },
    });
    expect(sent.file?.url).toMatch(new RegExp(`^${suite.server.url}/im/files/[\\w-]{22}\\?`));

    const received = (await bob.events.next('msg')) as Msg;
    expect(received).toMatchObject({ from: 'nim-files-pic', file: { url: sent.file?.url } });
    const fetched = await fetch(received.file!.url);
    expect(fetched.status).toBe(200);
    // Granted without an extension, told a picture by its bytes: served as one.
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
  });

  it('sends a file by its path', async () => {
    const alice = await official('nim-files-doc', { extra: withDownloads() });
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nim-files-'));
    const file = path.join(dir, 'menu.txt');
    await fs.writeFile(file, '今日特价：辣条 5 元');
    try {
      const sent = await call<Msg>(alice.nim, 'sendFile', {
        scene: 'p2p',
        to: 'demo2',
        type: 'file',
        filePath: file,
      });
      // NIM's Node build names the file by the path it was given.
      expect(sent).toMatchObject({ type: 'file', file: { name: file, ext: 'txt' } });
      const received = (await bob.events.next('msg')) as Msg;
      const fetched = await fetch(received.file!.url);
      expect(await fetched.text()).toBe('今日特价：辣条 5 元');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("hands out a grant by NIM's getSimpleNosToken, and refuses an unknown bucket", async () => {
    const alice = await official('nim-files-grant', { extra: withDownloads() });
    // Not in NIM's types, but on the instance: one grant (NIM's nosToken map, named).
    const grant = await (alice.nim.getSimpleNosToken!({}) as Promise<Record<string, unknown>>);
    expect(grant).toMatchObject({
      bucket: 'morsel',
      objectName: expect.stringMatching(/^[\w-]{22}$/),
      token: expect.any(String),
    });

    const form = new FormData();
    form.set('Object', 'x');
    form.set('x-nos-token', 'y');
    form.set('file', new Blob(['z']), 'z.txt');
    const refused = await fetch(`${suite.server.url}/im/upload/other-bucket`, {
      method: 'POST',
      body: form,
    });
    expect(refused.status).toBe(404);
  });
});
