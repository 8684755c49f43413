import type { Generated } from 'kysely';

// Row types of the forms with an operator side (migration 0032).

/** A shopper's unfinished outlet declaration. */
export interface FullshopDraftTable {
  user_id: number;
  /** The fields filled in so far, JSON text. */
  body: string;
  updated_at: number;
}

export interface FullshopApplicationTable {
  id: Generated<number>;
  user_id: number;
  status: 'pending' | 'approved' | 'rejected';
  shop_type: string;
  /** The type's name when declared: an operator may rename or drop the type later. */
  shop_type_name: string;
  shop_name: string;
  contact_name: string;
  mobile: string;
  licence_no: string;
  province_code: string;
  province_name: string;
  city_code: string;
  city_name: string;
  region_code: string;
  region_name: string;
  detail: string;
  /** JSON array of photo names. */
  photos: string;
  remark: string;
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
}

/** A join-us application or an activity sign-up (migration 0033). */
export interface FormEntryTable {
  id: Generated<number>;
  /** joinus-merchant, joinus-supplier or apply. */
  form: string;
  user_id: number;
  name: string;
  mobile: string;
  /** The form's other fields, JSON text. */
  fields: string;
  created_at: number;
}

/** A shopper's request for a copy (export) or the deletion of their personal information. */
export interface PrivacyRequestTable {
  id: Generated<number>;
  user_id: number;
  kind: 'export' | 'delete';
  status: 'pending' | 'done';
  created_at: number;
  done_at: number | null;
}

export interface FormTables {
  privacy_requests: PrivacyRequestTable;
  fullshop_drafts: FullshopDraftTable;
  fullshop_applications: FullshopApplicationTable;
  form_entries: FormEntryTable;
}
