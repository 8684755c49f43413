// The server's check of a declaration or a draft: the field rules the page applies too
// (@morsel/api/forms), plus what only the server knows: the county exists, and every photo is
// one the shopper uploaded and is still stored. Every problem is answered at once, by field
// (64000, `data.fields`), so nothing is saved half.
import { fail } from '@morsel/api';
import {
  normaliseLicence,
  normaliseMobile,
  outletProblems,
  type OutletField,
  type OutletInput,
} from '@morsel/api/forms';
import type { FullshopSettings } from '../../campaigns/index.ts';
import type { FileService } from '../../im/files/index.ts';
import type { AreaIndex } from '../../product/index.ts';
import { photoOwner } from '../photos.ts';

type Problems = Partial<Record<OutletField, string>>;

export interface Checking {
  settings: FullshopSettings;
  areas: AreaIndex;
  files: FileService;
  userId: number;
}

/** The message of the first problem (clients that show only `message` still say what is wrong). */
function refuse(problems: Problems): never {
  const first = Object.values(problems)[0]!;
  throw fail('formInvalid', { message: first, data: { fields: problems } });
}

/** Problems only the server can see: an unknown county, photos that are not the shopper's. */
async function storedProblems(input: OutletInput, c: Checking): Promise<Problems> {
  const problems: Problems = {};
  if (input.regionCode && !c.areas.completeInfo(input.regionCode))
    problems.regionCode = '所选地区不存在，请重新选择';
  const photos = input.photos ?? [];
  if (new Set(photos).size !== photos.length) problems.photos = '同一张照片只能上传一次';
  const owner = photoOwner(c.userId);
  for (const name of photos) {
    const file = await c.files.live(name);
    if (!file || file.app_key !== owner.appKey || file.accid !== owner.accid) {
      problems.photos = '部分照片已失效，请删除后重新上传';
      break;
    }
  }
  return problems;
}

/** The declaration as it is stored (trimmed, normalised), or 64000 with every problem. */
export async function checkedDeclaration(input: OutletInput, c: Checking) {
  const problems: Problems = {
    ...outletProblems(input, {
      shopTypes: c.settings.shopTypes.map((t) => t.key),
      photos: c.settings.photos,
    }),
  };
  for (const [field, message] of Object.entries(await storedProblems(input, c)))
    problems[field as OutletField] ??= message;
  if (Object.keys(problems).length > 0) refuse(problems);
  const type = c.settings.shopTypes.find((t) => t.key === input.shopType)!;
  return {
    shopType: type,
    shopName: input.shopName!.trim(),
    contactName: input.contactName!.trim(),
    mobile: normaliseMobile(input.mobile!),
    licenceNo: normaliseLicence(input.licenceNo!),
    area: c.areas.completeInfo(input.regionCode!)!,
    detail: input.detail!.trim(),
    photos: [...input.photos!],
    remark: (input.remark ?? '').trim(),
  };
}

/** A draft keeps whatever was typed; only a county and photos it names must be real. */
export async function checkedDraft(input: OutletInput, c: Checking): Promise<OutletInput> {
  const problems = await storedProblems(input, c);
  if (Object.keys(problems).length > 0) refuse(problems);
  const fields: OutletInput = {};
  for (const [key, value] of Object.entries(input))
    if (value !== undefined) (fields as Record<string, unknown>)[key] = value;
  return fields;
}
