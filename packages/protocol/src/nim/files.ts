// Uploads between NIM's wire and ours. NIM's SDK asks for a grant (getNosToken: the response body
// template NOS should answer with, which this server does not need, and `{tag, expireSec}`), then
// posts the file as multipart to the load balancer's first `nosup` address plus `/<bucket>`, and
// builds the file's address itself from its privateConf `nos_downloader` template
// (`{bucket}`, `{object}`). getSimpleNosToken asks for several grants at once.
import type { ReplyOf } from '../commands/index.ts';
import { FilePayload } from '../commands/shapes/messaging.ts';
import type { NimDialect, NimParam } from './dialect.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { int } from './values.ts';

type NosToken = ReplyOf<'getNosToken'>['nosToken'];

export function nosTokenToNim(grant: NosToken): NimProperty {
  return toTags('nosToken', { ...grant, expireTime: grant.expireAt });
}

/** `[responseBody, {tag, expireSec}]`: only how long the file is kept matters to us. */
function grantRequestFromNim(q: readonly NimParam[]) {
  const f = fromTags('nosToken', q[1]?.v);
  return { nosSurvivalTime: int(f.expireSec) };
}

const FILE_FIELDS = Object.keys(FilePayload.properties);

/**
 * A file message's attach as NIM's SDK sends it: everything the upload answered, our upload's
 * own `safeUrl` among it. Our payload keeps the fields it knows (their values still judged by
 * the schema, 414); an attach that is no object goes on as it came, for the schema to refuse.
 */
export function fileFromNim(attach: unknown): unknown {
  if (!attach || typeof attach !== 'object' || Array.isArray(attach)) return attach;
  const fields = attach as Record<string, unknown>;
  return Object.fromEntries(FILE_FIELDS.filter((k) => k in fields).map((k) => [k, fields[k]]));
}

/** The NIM dialect of uploads, spread into NIM_DIALECT (dialect.ts). */
export const FILES_DIALECT = {
  getNosToken: {
    request: grantRequestFromNim,
    reply: (p) => [nosTokenToNim(p.nosToken)],
  },
  getSimpleNosToken: {
    request: (q) => ({ num: q[0]?.v }),
    reply: (p) => [p.nosTokens.map(nosTokenToNim)],
  },
} satisfies NimDialect;
