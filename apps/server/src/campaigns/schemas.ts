// Reading the Instant of the configuration format (@morsel/api: epoch ms or ISO 8601 text).
import { Type } from '@sinclair/typebox';

export function instantMs(value: number | string): number {
  return typeof value === 'number' ? value : Date.parse(value);
}

/**
 * The copy every campaign page shows beside its title, in each kind's settings so an operator
 * edits it with the rest (admin API): the line under the title and the text a share carries.
 */
export const CampaignCopy = {
  tagline: Type.Optional(Type.String({ maxLength: 64 })),
  shareText: Type.Optional(Type.String({ maxLength: 120 })),
};
