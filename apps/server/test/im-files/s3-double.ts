// A small S3-protocol server for the tests (path-style: PUT, GET, HEAD, DELETE, ListObjectsV2,
// DeleteObjects) that checks each request's AWS Signature Version 4 as S3 does, so the S3
// adapter is tested on the wire, signature included. Loopback only; the objects live in memory.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export interface S3Double {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

function signatureProblem(
  request: http.IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
): string | undefined {
  const auth = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = match;
  if (keyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return 'AccessDenied';
  if (
    !payloadHash.startsWith('UNSIGNED') &&
    !payloadHash.startsWith('STREAMING') &&
    payloadHash !== sha256(body)
  )
    return 'XAmzContentSHA256Mismatch';
  const url = new URL(request.url!, 'http://s3.local');
  const query = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  const headers = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join(
    '\n',
  );
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, date!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, toSign);
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex'))
    ? undefined
    : 'SignatureDoesNotMatch';
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;

export async function startS3Double(
  bucket: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<S3Double> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const state = { refused: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(
          request.method === 'HEAD'
            ? undefined
            : xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`),
        );
      };
      const problem = signatureProblem(request, body, credentials);
      if (problem) {
        state.refused++;
        return fail(403, problem);
      }
      const url = new URL(request.url!, 'http://s3.local');
      const [, name, ...rest] = url.pathname.split('/');
      if (name !== bucket) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      if (!key && request.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          xml(
            `<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('')}</ListBucketResult>`,
          ),
        );
      }
      if (!key && request.method === 'POST' && url.searchParams.has('delete')) {
        const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
        for (const k of keys) objects.delete(k);
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          xml(
            `<DeleteResult>${keys.map((k) => `<Deleted><Key>${k}</Key></Deleted>`).join('')}</DeleteResult>`,
          ),
        );
      }
      const stored = objects.get(key);
      switch (request.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(request.headers['content-type'] ?? '') });
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return response.end();
        case 'GET':
        case 'HEAD':
          if (!stored) return fail(404, 'NoSuchKey');
          response.writeHead(200, {
            'content-type': stored.contentType,
            'content-length': stored.body.length,
          });
          return response.end(request.method === 'GET' ? stored.body : undefined);
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return fail(405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
