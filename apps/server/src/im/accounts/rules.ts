// The account field rules shared by the REST forms and the account service; the limits themselves
// are declared with the REST action table (`@morsel/protocol/nim-rest`, fields.ts).
import { ACCID_PATTERN } from '@morsel/protocol/nim-rest';

export {
  ACCID_MAX,
  ACCID_PATTERN,
  AccidField,
  ICON_MAX,
  IconField,
  NAME_MAX,
  NameField,
  PROPS_MAX,
  PropsField,
  TOKEN_MAX,
  TOKEN_MIN,
  TokenField,
} from '@morsel/protocol/nim-rest';

const accidRegExp = new RegExp(ACCID_PATTERN);

export function isValidAccid(accid: string): boolean {
  return accidRegExp.test(accid);
}

/** NIM treats accids case-insensitively and answers with the lower-case form. */
export function normalizeAccid(accid: string): string {
  return accid.toLowerCase();
}

/** props is JSON text (NIM: "json属性"); anything that does not parse is refused. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
