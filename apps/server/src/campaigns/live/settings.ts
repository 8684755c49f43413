// Settings of the live room's prize pool (docs/live-pages.md): the campaign holds the prizes the
// hosts of live sessions draw (src/live runs the draws; the campaign's window bounds them) and
// its awards are the shoppers' "中奖记录".
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const LiveSettings = Type.Object({ ...CampaignCopy }, { additionalProperties: false });
export type LiveSettings = Static<typeof LiveSettings>;
