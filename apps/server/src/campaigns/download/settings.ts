// Settings of the download and jump pages (kind `download`): the app's store links and versions,
// the mini-program and, per page, its copy and what it offers. Operators change them with the
// admin API (PATCH /admin/api/campaigns/download), as every campaign's settings.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/)' });
const Version = Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,4}){0,3}$' });

export const DownloadPage = Type.Object(
  {
    headline: Type.String({ minLength: 1, maxLength: 40 }),
    description: Type.String({ maxLength: 200 }),
    offer: Type.Union([Type.Literal('app'), Type.Literal('miniProgram')]),
    /** The mini-program page a jump opens (generatescheme's jump_wxa). */
    target: Type.Optional(
      Type.Object(
        {
          path: Type.String({ pattern: '^[A-Za-z0-9_/-]{1,128}$' }),
          query: Type.String({ maxLength: 256, pattern: '^[A-Za-z0-9_=&%.~-]*$' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const DownloadSettings = Type.Object(
  {
    ...CampaignCopy,
    appName: Type.String({ minLength: 1, maxLength: 20 }),
    appIcon: Url,
    ios: Type.Object({ url: Url, version: Version }, { additionalProperties: false }),
    android: Type.Object({ url: Url, version: Version }, { additionalProperties: false }),
    tencentStoreUrl: Url,
    miniProgram: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 20 }),
        qrImage: Url,
        envVersion: Type.Union([
          Type.Literal('release'),
          Type.Literal('trial'),
          Type.Literal('develop'),
        ]),
      },
      { additionalProperties: false },
    ),
    pages: Type.Record(Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' }), DownloadPage),
  },
  { additionalProperties: false },
);
export type DownloadSettings = Static<typeof DownloadSettings>;
