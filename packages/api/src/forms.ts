// The rules of the forms with an operator side (docs/forms.md), in one place for the page that
// checks as the shopper types and the server that checks again before saving: the business
// licence number's checksum, the mobile number as pages show it, the photo limits and every
// field's message. Plain functions, no schemas, so the web bundle carries only this.

/** Limits of the shop photos a form carries (the upload route checks them again). */
export const PHOTO_LIMITS = {
  /** The file as picked; the page scales larger pictures down before it sends them. */
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** Photos one account may upload per Asia/Shanghai day, across every form. */
  perDay: 60,
  /** The longest edge the server keeps (it re-encodes every photo as JPEG without metadata). */
  maxEdge: 2000,
};

// GB 32100-2015: 18 characters from 31 (digits and capitals without I, O, Z, S, V); the last is
// a check character: 31 - (sum of value × weight mod 31), 31 written as 0.
const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** A licence number as typed (spaces, dashes, lower case) in the form it is stored. */
export function normaliseLicence(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** The check character a unified social credit code's first 17 characters call for. */
export function usccCheckCharacter(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARSET.indexOf(first17[i]!);
    if (value < 0) return undefined;
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARSET[(31 - (sum % 31)) % 31];
}

/** Whether `code` (normalised) is a unified social credit code with a right check character. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  return USCC_SHAPE.test(code) && usccCheckCharacter(code.slice(0, 17)) === code[17];
}

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A mobile number as typed: digits only. */
export function normaliseMobile(text: string): string {
  return text.replace(/\D/g, '');
}

/** spec/campaign-app.md section 5: a mobile number shows with a space after its first three digits. */
export function displayMobile(mobile: string): string {
  const digits = normaliseMobile(mobile);
  return digits.length > 3 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
}

/** The outlet declaration as the form sends it (a draft may leave anything out). */
export interface OutletInput {
  shopType?: string;
  shopName?: string;
  contactName?: string;
  mobile?: string;
  licenceNo?: string;
  regionCode?: string;
  detail?: string;
  photos?: string[];
  remark?: string;
}

export type OutletField = keyof OutletInput;

export interface OutletRules {
  /** The shop types the operator offers (keys). */
  shopTypes: readonly string[];
  photos: { min: number; max: number };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * Every problem of a declaration, keyed by field, with the message shown under the field. The
 * server adds what only it can know (the county exists, the photos are the shopper's).
 */
export function outletProblems(
  input: OutletInput,
  rules: OutletRules,
): Partial<Record<OutletField, string>> {
  const problems: Partial<Record<OutletField, string>> = {};
  if (!input.shopType) problems.shopType = '请选择门店类型';
  else if (!rules.shopTypes.includes(input.shopType))
    problems.shopType = '门店类型不存在，请重新选择';
  const shopName = text(input.shopName);
  if (!shopName) problems.shopName = '请填写门店名称';
  else if (shopName.length < 2 || shopName.length > 30) problems.shopName = '门店名称为2-30个字';
  const contactName = text(input.contactName);
  if (!contactName) problems.contactName = '请填写联系人姓名';
  else if (contactName.length < 2 || contactName.length > 20)
    problems.contactName = '联系人姓名为2-20个字';
  const mobile = normaliseMobile(input.mobile ?? '');
  if (!mobile) problems.mobile = '请填写联系电话';
  else if (!MOBILE_PATTERN.test(mobile)) problems.mobile = '请填写正确的11位手机号';
  const licence = normaliseLicence(input.licenceNo ?? '');
  if (!licence) problems.licenceNo = '请填写营业执照统一社会信用代码';
  else if (licence.length !== 18) problems.licenceNo = '统一社会信用代码为18位';
  else if (!isUnifiedSocialCreditCode(licence))
    problems.licenceNo = '统一社会信用代码有误，请核对营业执照';
  if (!input.regionCode) problems.regionCode = '请选择门店所在地区';
  const detail = text(input.detail);
  if (detail.length < 4) problems.detail = '详细地址至少4个字，请填写街道、门牌号';
  else if (detail.length > 120) problems.detail = '详细地址最多120个字';
  const photos = input.photos?.length ?? 0;
  if (photos < rules.photos.min) problems.photos = `请至少上传${rules.photos.min}张门店照片`;
  else if (photos > rules.photos.max) problems.photos = `门店照片最多${rules.photos.max}张`;
  if (text(input.remark).length > 200) problems.remark = '备注最多200个字';
  return problems;
}

/** A join-us application (加盟商 or 供应商) as the form sends it. */
export interface JoinusInput {
  name?: string;
  mobile?: string;
  company?: string;
  choice?: string;
  regionCode?: string;
  message?: string;
}

export interface JoinusTrackRules {
  companyRequired: boolean;
  choiceLabel: string;
  choices: readonly string[];
}

export type JoinusField = keyof JoinusInput;

function personProblems(name: string | undefined, mobile: string | undefined) {
  const problems: { name?: string; mobile?: string } = {};
  const n = text(name);
  if (!n) problems.name = '请填写姓名';
  else if (n.length < 2 || n.length > 20) problems.name = '姓名为2-20个字';
  const m = normaliseMobile(mobile ?? '');
  if (!m) problems.mobile = '请填写手机号';
  else if (!MOBILE_PATTERN.test(m)) problems.mobile = '请填写正确的11位手机号';
  return problems;
}

export function joinusProblems(
  input: JoinusInput,
  track: JoinusTrackRules,
): Partial<Record<JoinusField, string>> {
  const problems: Partial<Record<JoinusField, string>> = personProblems(input.name, input.mobile);
  const company = text(input.company);
  if (track.companyRequired && !company) problems.company = '请填写公司名称';
  else if (company.length > 50) problems.company = '公司名称最多50个字';
  if (!input.choice) problems.choice = `请选择${track.choiceLabel}`;
  else if (!track.choices.includes(input.choice))
    problems.choice = `${track.choiceLabel}不存在，请重新选择`;
  if (!input.regionCode) problems.regionCode = '请选择意向地区';
  if (text(input.message).length > 200) problems.message = '留言最多200个字';
  return problems;
}

/** An activity sign-up (报名) as the form sends it. */
export interface ApplyInput {
  name?: string;
  mobile?: string;
  people?: number;
  remark?: string;
}

export type ApplyField = keyof ApplyInput;

export function applyProblems(
  input: ApplyInput,
  maxPeople: number,
): Partial<Record<ApplyField, string>> {
  const problems: Partial<Record<ApplyField, string>> = personProblems(input.name, input.mobile);
  const people = input.people;
  if (people === undefined) problems.people = '请选择参加人数';
  else if (!Number.isInteger(people) || people < 1 || people > maxPeople)
    problems.people = `参加人数为1-${maxPeople}人`;
  if (text(input.remark).length > 200) problems.remark = '备注最多200个字';
  return problems;
}
