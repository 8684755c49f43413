// The upload address keeps the 600000 ms upload time-out (spec section 9) while every other
// request body stays held to MORSEL_HTTP_REQUEST_TIMEOUT_MS: with that set to one second, a
// simple upload whose body takes longer still lands, and another route's slow body is cut off.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_WIRE } from '@morsel/protocol';
import { imSuite } from '../im-link/suite.ts';
import { grant, md5, uploadAddress } from './upload-client.ts';

const suite = imSuite({ fresh: 'all', config: { httpRequestTimeoutMs: 1000 } });

/** POSTs `parts` one after another, `gapMs` apart; answers the status and body, or 'closed'. */
function slowPost(
  url: string,
  headers: Record<string, string>,
  parts: Buffer[],
  gapMs: number,
): Promise<{ status: number; body: string } | 'closed'> {
  return new Promise((resolve) => {
    const length = parts.reduce((n, p) => n + p.length, 0);
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(length) } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    request.on('error', () => resolve('closed'));
    let index = 0;
    const next = () => {
      if (index === parts.length) return void request.end();
      request.write(parts[index++]);
      setTimeout(next, gapMs);
    };
    next();
  });
}

describe('the upload time-out', () => {
  it('lets a simple upload take longer than the request time-out, not other routes', async () => {
    const { nim } = await suite.client(0);
    const token = await grant(nim, 'bin');
    const data = randomBytes(64 * 1024);
    const boundary = 'morselboundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${UPLOAD_WIRE.objectField}"\r\n\r\n${token.objectName}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="${UPLOAD_WIRE.tokenField}"\r\n\r\n${token.token}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="${UPLOAD_WIRE.fileField}"; filename="a.bin"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const quarters = [0, 1, 2, 3].map((i) => data.subarray(i * 16384, (i + 1) * 16384));
    // Five gaps of 600 ms: three seconds, three times the request time-out.
    const upload = await slowPost(
      await uploadAddress(suite.server),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      [head, ...quarters, tail],
      600,
    );
    expect(upload).not.toBe('closed');
    expect(upload).toMatchObject({ status: 200 });
    expect(JSON.parse((upload as { body: string }).body)).toMatchObject({ md5: md5(data) });

    const other = await slowPost(
      `${suite.server.url}/api/lizard/pv`,
      { 'content-type': 'text/plain' },
      [Buffer.from('{'), Buffer.from('"a"'), Buffer.from(':1'), Buffer.from('}')],
      600,
    );
    expect(other).toBe('closed');
  }, 30_000);
});
