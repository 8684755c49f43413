// The limits of an IM account's fields, as NIM's user/create.action documents them: accid at most
// 32 characters of letters, digits and `_ . @ -`, case-insensitive (stored lower-case); name 64;
// icon 1024; props 1024 (JSON text); token 128. NIM sets no minimum for an app-chosen token;
// Morsel requires 16 characters, so a token cannot be guessed in a few thousand tries (generated
// ones are 32). The REST forms and the server's account service share these.
import { Type } from '@sinclair/typebox';

export const ACCID_PATTERN = '^[A-Za-z0-9_.@-]{1,32}$';
export const ACCID_MAX = 32;
export const NAME_MAX = 64;
export const ICON_MAX = 1024;
export const PROPS_MAX = 1024;
export const TOKEN_MIN = 16;
export const TOKEN_MAX = 128;

export const AccidField = Type.String({
  pattern: ACCID_PATTERN,
  minLength: 1,
  maxLength: ACCID_MAX,
  description: 'at most 32 letters, digits, _ . @ or -',
});
export const NameField = Type.String({ maxLength: NAME_MAX });
export const IconField = Type.String({ maxLength: ICON_MAX });
export const PropsField = Type.String({ maxLength: PROPS_MAX });
export const TokenField = Type.String({ minLength: TOKEN_MIN, maxLength: TOKEN_MAX });

/** NIM's profile fields beyond name and icon, with the limits user/updateUinfo documents. */
export const SIGN_MAX = 256;
export const EMAIL_MAX = 64;
export const BIRTH_MAX = 16;
export const MOBILE_MAX = 32;
export const EX_MAX = 1024;

/** A JSON array of accids in a form field: NIM answers 414 when it does not parse. */
export const AccidListField = (max: number) =>
  Type.String({
    minLength: 2,
    maxLength: max * (ACCID_MAX + 3) + 2,
    description: `a JSON array of at most ${max} accids`,
  });

/** Epoch milliseconds as a form field. */
export const MillisField = Type.String({ pattern: '^[0-9]{1,15}$', description: 'epoch ms' });
