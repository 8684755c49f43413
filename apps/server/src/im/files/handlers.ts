// The file commands of the IM link (packages/protocol commands/files.ts): upload grants, quick
// transfer, processImage and access tokens. Rules broken answer 414 with the rule, unknown files 404.
import { checkImageOps, FILE_LIMITS, ImageOpError, imageOpsUrl } from '@morsel/protocol';
import { CommandError, type ImGateway } from '../gateway/index.ts';
import type { FileService } from './file-service.ts';
import { fileUrl, objectNameOfUrl } from './file-urls.ts';
import { digest, issueGrants, TooManyGrants } from './grants.ts';
import { ACCESS_TOKEN_PARAM, issueAccessToken, TooManyAccessTokens } from './access-tokens.ts';
import { imageRendition, NotAPicture } from './renditions.ts';

const SURVIVAL_RULE = `nosSurvivalTime must be at least ${FILE_LIMITS.minSurvivalSeconds} s, or 0 for ever`;

export function registerFileHandlers(im: ImGateway, service: FileService): void {
  im.gateway.use({
    async getSimpleNosToken({ session }, { num }) {
      const nosTokens = await quota(() =>
        issueGrants(service.store, session, {
          count: num,
          base: service.base(),
          now: service.now(),
        }),
      );
      return { nosTokens };
    },

    async getNosToken({ session }, { ext, nosSurvivalTime }) {
      if (nosSurvivalTime && nosSurvivalTime < FILE_LIMITS.minSurvivalSeconds)
        throw new CommandError(414, SURVIVAL_RULE);
      const [nosToken] = await quota(() =>
        issueGrants(service.store, session, {
          count: 1,
          ext,
          survivalSeconds: nosSurvivalTime || undefined,
          base: service.base(),
          now: service.now(),
        }),
      );
      return { nosToken: nosToken! };
    },

    async fileQuickTransfer({ session }, { md5, size }) {
      const file = await service.store.fileByContent(
        session.appKey,
        md5.toLowerCase(),
        size,
        service.now(),
      );
      if (!file) throw new CommandError(404, 'no stored file has this md5 and size: upload it');
      return { url: fileUrl(service.base(), file.object_name), size: file.size, md5: file.md5 };
    },

    async getNosAccessToken({ session }, { url }) {
      const name = objectNameOfUrl(service.base(), url);
      const file = name ? await service.live(name) : undefined;
      if (!name || !file || file.app_key !== session.appKey || file.accid !== session.accid)
        throw new CommandError(404, 'the url is not a file this account uploaded');
      let token: string;
      try {
        token = await issueAccessToken(service.store, session, name, service.now());
      } catch (error) {
        if (error instanceof TooManyAccessTokens) throw new CommandError(419, error.message);
        throw error;
      }
      const link = `${fileUrl(service.base(), name)}?${ACCESS_TOKEN_PARAM}=${token}`;
      return { token, url: link };
    },

    async deleteNosAccessToken({ session }, { token }) {
      if (!(await service.store.removeAccessToken(digest(token), session.appKey, session.accid)))
        throw new CommandError(404, 'no such access token of this account');
    },

    async processImage({ session }, { url, imageOps }) {
      let ops;
      try {
        ops = checkImageOps(imageOps);
      } catch (error) {
        if (error instanceof ImageOpError) throw new CommandError(414, error.message);
        throw error;
      }
      const name = objectNameOfUrl(service.base(), url);
      const file = name ? await service.live(name) : undefined;
      if (!name || !file || file.app_key !== session.appKey)
        throw new CommandError(404, 'the url is not a file stored on this server');
      // Made now, so a file that is no picture is refused here rather than on download.
      try {
        await imageRendition(service, name, ops);
      } catch (error) {
        if (error instanceof NotAPicture) throw new CommandError(414, error.message);
        throw error;
      }
      return { url: imageOpsUrl(fileUrl(service.base(), name), ops) };
    },
  });
}

/** 419 (quota exceeded) when the account holds too many unused grants. */
async function quota<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyGrants) throw new CommandError(419, error.message);
    throw error;
  }
}
