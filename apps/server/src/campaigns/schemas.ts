// Schema pieces shared by the campaign routes.
import { Type } from '@sinclair/typebox';

/** A database id in a path, e.g. /awards/12. */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });

export const ShareCode = Type.String({
  pattern: '^[A-Za-z0-9]{4,16}$',
  description: "the sharer's share code",
});

export const Mobile = Type.String({ pattern: '^1[3-9]\\d{9}$' });

/** ISO 8601 with an offset (seed files) or epoch milliseconds (admin API). */
export const Instant = Type.Union([
  Type.Integer({ minimum: 0 }),
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
  }),
]);

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
