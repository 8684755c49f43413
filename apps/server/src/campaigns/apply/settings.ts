// Settings of the activity sign-up ("活动报名", served by src/forms): how many people one
// sign-up may bring.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const ApplySettings = Type.Object(
  { ...CampaignCopy, maxPeople: Type.Integer({ minimum: 1, maximum: 20 }) },
  { additionalProperties: false },
);
export type ApplySettings = Static<typeof ApplySettings>;
