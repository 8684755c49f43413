// Schema pieces shared by the routes. Legacy payloads carry extra fields (ut, times, platform,
// deviceId…): accepted and ignored; companyId and platformId are checked when present.
import { Type } from '@sinclair/typebox';

export const COMPANY_ID = 30;
export const PLATFORM_ID = 3;

export const Mobile = Type.String({
  pattern: '^1[3-9]\\d{9}$',
  description: 'mainland mobile number, 11 digits',
});

export const LegacyFields = {
  companyId: Type.Optional(Type.Literal(COMPANY_ID)),
  platformId: Type.Optional(Type.Literal(PLATFORM_ID)),
};

export const SmsCode = Type.String({
  pattern: '^\\d{4,8}$',
  description: 'the SMS verification code',
});
