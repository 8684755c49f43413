// Schema pieces every part of the table uses: request fields and the small helpers that keep
// the validator non-coercing (docs/decisions/0015).
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';

export const COMPANY_ID = 30;
export const PLATFORM_ID = 3;

/** A string that is one of `values`; `enum` keeps serialisation a plain string write. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A whole number in a form-encoded body, where every value arrives as text: the number itself
 * (JSON bodies) or its decimal digits matching `digits` (form bodies). Nothing is coerced; the
 * handler reads it with Number().
 */
export function FormInteger(
  range: { minimum: number; maximum: number },
  digits: string,
  description?: string,
) {
  return Type.Union(
    [Type.Integer(range), Type.String({ pattern: digits })],
    description === undefined ? {} : { description },
  );
}

/** A constant the older wrapper adds to every body: the number, or its digits in a form body. */
export function FormConstant<const N extends number>(value: N) {
  return Type.Union([Type.Literal(value), Type.Literal(String(value) as `${N}`)]);
}

export const Mobile = Type.String({
  pattern: '^1[3-9]\\d{9}$',
  description: 'mainland mobile number, 11 digits',
});

/**
 * Legacy payloads carry extra fields (ut, times, platform, deviceId…): accepted and ignored;
 * companyId and platformId are checked when present.
 */
export const LegacyFields = {
  companyId: Type.Optional(FormConstant(COMPANY_ID)),
  platformId: Type.Optional(FormConstant(PLATFORM_ID)),
};

export const SmsCode = Type.String({ pattern: '^\\d{4,8}$', description: 'the SMS code' });

/** A database id in a path, e.g. /awards/12. */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });

export const ShareCode = Type.String({
  pattern: '^[A-Za-z0-9]{4,16}$',
  description: "the sharer's share code",
});

/** A campaign, prize or template key. */
export const Key = Type.String({ pattern: '^[a-z0-9-]{1,64}$' });

export const RegionCode = Type.String({ pattern: '^\\d{6}$' });

/** ISO 8601 with an offset (seed files) or epoch milliseconds (admin API). */
export const Instant = Type.Union([
  Type.Integer({ minimum: 0 }),
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
  }),
]);

/** Epoch milliseconds. */
export const Millis = Type.Integer({ description: 'epoch milliseconds' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
