// Stored files by URL: GET /im/files/<object> answers the bytes; with a query suffix it answers
//   ?imageInfo                 the picture's format, width, height, size (JSON; NOS's names too)
//   ?vinfo                     duration (ms), width, height, codecs, container, size (JSON, ffprobe)
//   ?audioTrans&type=mp3       the recording as mp3 (ffmpeg), made once and kept
//   ?imageView&<op>=...        the picture after image operations (image-ops.ts), made once and kept
//   &token=<access token>      with any of them: only while the token lives (access-tokens.ts)
// Wrong operation parameters answer 414 with the rule they broke.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMAGE_VIEW_MARK, ImageOpError, parseImageOps, UPLOAD_WIRE } from '@morsel/protocol';
import { FILES_PATH, isObjectName, originalKey } from './file-urls.ts';
import type { FileService } from './file-service.ts';
import { imageInfo } from './image-processing.ts';
import { imageRendition, NotAPicture } from './renditions.ts';
import { ACCESS_TOKEN_PARAM, accessTokenOpens } from './access-tokens.ts';
import { MediaError, probeMedia, transcodeToMp3 } from './media-info.ts';

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ code: status, message });
}

const IMAGE_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export function registerDownloadRoutes(http: FastifyInstance, service: FileService): void {
  http.get<{ Params: { object: string } }>(`${FILES_PATH}/:object`, async (request, reply) => {
    // Read by name or access token, never by a cookie: pages of any origin may read a file
    // (NIM's browser build asks `?imageInfo` of what it just uploaded, from the app's origin).
    reply.header('access-control-allow-origin', '*');
    const name = request.params.object;
    const file = isObjectName(name) ? await service.live(name) : undefined;
    if (!file) return refuse(reply, 404, 'no such file, or it has expired');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const params = new URLSearchParams(query);
    // A link carrying an access token opens only while the token lives (deleteNosAccessToken
    // withdraws it), so it is never cached.
    const token = params.get(ACCESS_TOKEN_PARAM);
    if (token !== null) {
      if (!(await accessTokenOpens(service.store, token, name)))
        return refuse(reply, 403, 'the access token was deleted or is not for this file');
      reply.header('cache-control', 'private, no-store');
    } else {
      // Names are random and contents never change: caches may keep what they fetched.
      reply.header('cache-control', 'public, max-age=86400');
    }

    if (params.has(UPLOAD_WIRE.imageInfo)) {
      const bytes = await service.readAll(originalKey(name));
      try {
        const info = await imageInfo(bytes!);
        // NOS's own names as well: NIM's browser build reads Width/Height/Type/Size/Orientation
        // after a chunked upload to fill in the image message.
        return {
          ...info,
          Type: info.format,
          Size: info.size,
          Width: info.width,
          Height: info.height,
          Orientation: info.orientation ?? '',
        };
      } catch {
        return refuse(reply, 415, 'the file is not a picture');
      }
    }
    if (params.has(UPLOAD_WIRE.videoInfo)) {
      try {
        return await service.withLocalCopy(originalKey(name), probeMedia);
      } catch (error) {
        if (error instanceof MediaError) return refuse(reply, 415, error.message);
        throw error;
      }
    }
    if (params.has(UPLOAD_WIRE.audioToMp3)) {
      if ((params.get('type') ?? 'mp3') !== 'mp3')
        return refuse(reply, 414, 'audioTrans type must be mp3');
      try {
        const mp3 = await service.derived(name, 'audio.mp3', 'audio/mpeg', () =>
          service.withLocalCopy(originalKey(name), async (input) => {
            const output = path.join(path.dirname(input), 'out.mp3');
            await transcodeToMp3(input, output);
            return fs.readFile(output);
          }),
        );
        return reply.type('audio/mpeg').send(mp3);
      } catch (error) {
        if (error instanceof MediaError) return refuse(reply, 415, error.message);
        throw error;
      }
    }
    if (params.has(IMAGE_VIEW_MARK)) {
      let ops;
      try {
        ops = parseImageOps(params);
      } catch (error) {
        if (error instanceof ImageOpError) return refuse(reply, 414, error.message);
        throw error;
      }
      try {
        const { data, format } = await imageRendition(service, name, ops);
        return reply.type(IMAGE_TYPES[format] ?? 'image/png').send(data);
      } catch (error) {
        if (error instanceof NotAPicture) return refuse(reply, 415, error.message);
        throw error;
      }
    }
    const stream = await service.storage.get(originalKey(name));
    if (!stream) return refuse(reply, 404, 'no such file, or it has expired');
    return reply
      .type(file.mime)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(stream);
  });
}
