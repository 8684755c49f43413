// Test helpers that upload the way a client does: a grant from the IM link, then the multipart
// or chunked HTTP requests on the upload address the load balancer names.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { NIM } from '@morsel/im-sdk';
import { FILE_LIMITS, UPLOAD_WIRE } from '@morsel/protocol';
import type { TestServer } from '../harness/index.ts';

export const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

export async function uploadAddress(server: TestServer): Promise<string> {
  const appKey = server.server.seeded.appKey;
  const lbs = (await (await fetch(`${server.url}/im/lbs?k=${appKey}&id=demo1`)).json()) as {
    upload: string[];
  };
  return lbs.upload[0]!;
}

export async function grant(nim: NIM, ext?: string, nosSurvivalTime?: number) {
  const { nosToken } = await nim.sendCmd('getNosToken', {
    ...(ext && { ext }),
    ...(nosSurvivalTime !== undefined && { nosSurvivalTime }),
  });
  return nosToken;
}

export async function postMultipart(
  address: string,
  fields: { object: string; token: string },
  data: Buffer,
  fileName = 'file.bin',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set(UPLOAD_WIRE.objectField, fields.object);
  form.set(UPLOAD_WIRE.tokenField, fields.token);
  form.set(UPLOAD_WIRE.fileField, new Blob([new Uint8Array(data)]), fileName);
  const response = await fetch(address, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Simple upload of `data` under a fresh grant; answers the server's upload result. */
export async function uploadSimple(server: TestServer, nim: NIM, data: Buffer, ext: string) {
  const token = await grant(nim, ext);
  const { status, body } = await postMultipart(
    await uploadAddress(server),
    { object: token.objectName, token: token.token },
    data,
  );
  if (status !== 200) throw new Error(`upload answered ${status}: ${JSON.stringify(body)}`);
  return body as {
    url: string;
    safeUrl: string;
    size: number;
    md5: string;
    w?: number;
    h?: number;
    dur?: number;
  };
}

export interface ChunkAnswer {
  status: number;
  body: Record<string, unknown> & { offset?: number; context?: string };
}

export async function postChunk(
  address: string,
  token: { bucket: string; objectName: string; token: string },
  query: { offset: number; complete: boolean; context?: string },
  data: Buffer,
): Promise<ChunkAnswer> {
  const search = new URLSearchParams({
    offset: String(query.offset),
    complete: String(query.complete),
    version: '1.0',
    ...(query.context && { context: query.context }),
  });
  const response = await fetch(`${address}/${token.bucket}/${token.objectName}?${search}`, {
    method: 'POST',
    headers: { [UPLOAD_WIRE.tokenHeader]: token.token, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(data),
  });
  return { status: response.status, body: (await response.json()) as ChunkAnswer['body'] };
}

/**
 * Sends part of a chunk and then cuts the connection, as a phone losing its network does.
 * Resolves once the server has seen the socket close.
 */
export async function dropMidChunk(
  address: string,
  token: { bucket: string; objectName: string; token: string },
  query: { offset: number; context: string },
  partial: Buffer,
): Promise<void> {
  const url = new URL(
    `${address}/${token.bucket}/${token.objectName}?offset=${query.offset}&complete=false&version=1.0&context=${query.context}`,
  );
  await new Promise<void>((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        [UPLOAD_WIRE.tokenHeader]: token.token,
        'content-type': 'application/octet-stream',
        'content-length': FILE_LIMITS.chunkBytes,
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(partial, () => setTimeout(() => request.destroy(), 50));
  });
}
