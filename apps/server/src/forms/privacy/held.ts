// What the product holds about one shopper right now, per item of the collection list, masked
// as a page shows it to anyone looking over the shoulder; and the whole of it, unmasked, for an
// export an operator hands over.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { FileService } from '../../im/files/index.ts';
import { maskMobile, type ProductUser } from '../../product/index.ts';
import { photoOwner, PHOTO_OWNER_APP } from '../photos.ts';
import { allOwnEntries } from '../store/entries.ts';
import { findDraft, listOwnApplications } from '../store/fullshop.ts';

const FORM_NAMES: Record<string, string> = {
  'joinus-merchant': '加盟商申请',
  'joinus-supplier': '供应商申请',
  apply: '活动报名',
};

/** 王小明 -> 王*明, 王明 -> 王*: the first and the last character. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 91350100M000100Y43 -> 9135**********0Y43: the issuing area and the last four. */
export function maskLicence(licence: string): string {
  return `${licence.slice(0, 4)}${'*'.repeat(Math.max(0, licence.length - 8))}${licence.slice(-4)}`;
}

export interface Holding {
  db: Kysely<Database>;
  files: FileService;
  user: ProductUser;
}

async function photoCount({ files, user }: Holding): Promise<number> {
  const usage = await files.store.accountUsageSince(
    PHOTO_OWNER_APP,
    photoOwner(Number(user.id)).accid,
    0,
  );
  return usage.count;
}

/** Masked values per item key the server knows; other keys answer nothing held. */
export async function heldData(h: Holding): Promise<{ key: string; values: string[] }[]> {
  const uid = Number(h.user.id);
  const declarations = await listOwnApplications(h.db, uid);
  const draft = await findDraft(h.db, uid);
  const entries = await allOwnEntries(h.db, uid);
  const photos = await photoCount(h);
  return [
    { key: 'mobile', values: [maskMobile(h.user.mobile)] },
    { key: 'nickname', values: [h.user.nickname] },
    {
      key: 'business',
      values: [
        ...declarations.map(
          (d) =>
            `${d.shop_name}（${maskName(d.contact_name)}，${maskMobile(d.mobile)}，信用代码 ${maskLicence(d.licence_no)}）`,
        ),
        ...(draft ? ['未提交的门店申报草稿 1 份'] : []),
      ],
    },
    {
      key: 'contact',
      values: entries.map(
        (e) => `${FORM_NAMES[e.form] ?? e.form}：${maskName(e.name)}，${maskMobile(e.mobile)}`,
      ),
    },
    { key: 'photos', values: photos > 0 ? [`门店照片 ${photos} 张`] : [] },
  ];
}

/** Everything, unmasked, for the shopper's own copy (an export request). */
export async function exportData(h: Holding) {
  const uid = Number(h.user.id);
  const draft = await findDraft(h.db, uid);
  return {
    account: {
      id: uid,
      mobile: h.user.mobile,
      nickname: h.user.nickname,
      registeredAt: Number(h.user.created_at),
    },
    outletDeclarations: (await listOwnApplications(h.db, uid)).map((d) => ({
      ...d,
      id: Number(d.id),
      photos: (JSON.parse(d.photos) as string[]).map((name) => h.files.urlOf(name)),
    })),
    outletDraft: draft ? JSON.parse(draft.body) : null,
    formEntries: (await allOwnEntries(h.db, uid)).map((e) => ({
      form: e.form,
      name: e.name,
      mobile: e.mobile,
      fields: JSON.parse(e.fields),
      createdAt: Number(e.created_at),
    })),
    shopPhotos: await photoCount(h),
  };
}
