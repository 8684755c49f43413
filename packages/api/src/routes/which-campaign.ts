// Which campaign of a page's kind a route serves (decision 0037): `?campaign=<id>` on its query
// string, GET and POST alike; absent, the kind's current campaign answers.
import { Type } from '@sinclair/typebox';
import { Key } from '../schemas/primitives.ts';

/** The query field itself, to spread beside a route's other query fields. */
export const WhichCampaign = { campaign: Type.Optional(Key) };
/** A query string of nothing but the campaign. */
export const CampaignQuery = Type.Object(WhichCampaign);
