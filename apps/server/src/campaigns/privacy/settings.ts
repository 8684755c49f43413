// Settings of the personal information collection list ("个人信息收集清单", served by src/forms):
// each kind of personal information the product collects, why, in which feature, and whether
// the feature needs it. Data, so the list changes with the product without a release.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const PrivacySettings = Type.Object(
  {
    ...CampaignCopy,
    items: Type.Array(
      Type.Object(
        {
          key: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
          name: Type.String({ minLength: 1, maxLength: 32 }),
          purpose: Type.String({ minLength: 1, maxLength: 200 }),
          feature: Type.String({ minLength: 1, maxLength: 64 }),
          required: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type PrivacySettings = Static<typeof PrivacySettings>;
