// The files manager alone, on a fake context: a file already uploaded is sent without uploading,
// previewFile's answer is accepted back, NIM's callback names reach the uploader, refusals come
// before anything is sent, the anti-spam check on the fetched lexicon, the document list's
// parameters.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FORMAT_RULE } from '@morsel/protocol';
import type { ClientMsg } from '../model.ts';
import { fakeContext, type FakeReplies } from '../test-context.ts';
import { filterClientAntispam } from './antispam.ts';
import { FilesManager, type FileMsgOptions } from './files-manager.ts';

function setUp(replies: FakeReplies = {}, uploadAddress?: string) {
  const context = fakeContext(replies);
  const sentMsgs: FileMsgOptions[] = [];
  const messages = {
    sendFileMsg: async (options: FileMsgOptions) => {
      sentMsgs.push(options);
      return { idClient: 'c1', file: options.file } as ClientMsg;
    },
  };
  const files = new FilesManager(
    { send: context.send, fetch: globalThis.fetch, uploadAddress: () => uploadAddress },
    messages,
  );
  return { context, files, sentMsgs };
}

const uploaded = {
  url: 'http://x/im/files/a.png',
  safeUrl: 'http://x/im/s/1?im_url=1',
  name: 'a.png',
  ext: 'png',
  size: 3,
  md5: '0'.repeat(32),
};

describe('FilesManager', () => {
  it('sends a file already uploaded as it came from previewFile, without its safeUrl', async () => {
    const { context, files, sentMsgs } = setUp();
    let done: unknown;
    await files.sendFile({
      scene: 'p2p',
      to: 'bob',
      type: 'image',
      file: uploaded,
      done: (error, msg) => (done = error ?? msg),
    });
    expect(context.sent).toEqual([]);
    expect(sentMsgs).toEqual([
      {
        scene: 'p2p',
        to: 'bob',
        type: 'image',
        file: {
          url: uploaded.url,
          name: 'a.png',
          ext: 'png',
          size: 3,
          md5: uploaded.md5,
        },
      },
    ]);
    expect(done).toMatchObject({ idClient: 'c1' });
  });

  it('refuses a missing or wrong file before asking for a grant, and tells uploaddone', async () => {
    const { context, files } = setUp({}, 'http://x/im/upload');
    const seen: unknown[] = [];
    await expect(
      files.sendFile({ scene: 'p2p', to: 'bob', type: 'audio', uploaddone: (e) => seen.push(e) }),
    ).rejects.toMatchObject({ code: 'No_File_Selected', message: 'please choose audio file' });
    expect(seen).toMatchObject([{ code: 'No_File_Selected' }]);
    await expect(
      files.transDoc({ blob: new Blob(['x'], { type: 'text/plain' }) }),
    ).rejects.toMatchObject({ code: 'Wrong_File_Type', message: DOCUMENT_FORMAT_RULE });
    expect(context.sent).toEqual([]);
  });

  it('says Not_Support when the load balancer named no upload address', async () => {
    const { context, files } = setUp();
    await expect(files.previewFile({ blob: new Blob(['x']) })).rejects.toMatchObject({
      code: 'Not_Support',
    });
    expect(context.sent).toEqual([]);
  });

  it('checks text against the lexicon the server holds', async () => {
    const lexicon = JSON.stringify({ thesaurus: [{ type: 1, keys: [{ key: 'bad' }] }] });
    const { files } = setUp({ getClientAntispam: () => ({ thesaurus: lexicon }) });
    expect(await files.getClientAntispam({ content: 'so bad' })).toEqual({
      code: 200,
      type: 1,
      result: 'so ***',
    });
    const none = setUp({ getClientAntispam: () => ({}) });
    expect(await none.files.getClientAntispam({ content: 'x' })).toMatchObject({ code: 404 });
    expect(filterClientAntispam('x', '{"thesaurus":{}}')).toMatchObject({ code: 500 });
    expect(filterClientAntispam('x', 'nope')).toMatchObject({ code: 500 });
  });

  it('sends the file list parameters only when given', async () => {
    const { context, files } = setUp({ fetchFileList: () => ({ list: [], totalCount: 0 }) });
    await files.fetchFileList();
    await files.fetchFileList({ limit: 30, fromDocId: 'd1' });
    expect(context.sent.map((c) => c.params)).toEqual([
      { fileListParam: {} },
      { fileListParam: { limit: 30, fromDocId: 'd1' } },
    ]);
  });
});
