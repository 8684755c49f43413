// The forms with an operator side (docs/forms.md): shop photos uploaded for a form, the outlet
// declaration (shop types, a saved draft, submitting, my applications) and its review through
// the admin API. Text fields are only bounded here: their rules (forms.ts) answer every problem at
// once, keyed by field, with code 64000 instead of the validator's one field at a time.
import { Type } from '@sinclair/typebox';
import { IdParams, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import {
  ADMIN,
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';

/** A photo as forms carry it: the `name` the upload answered, and where it is shown from. */
const Photo = Type.Object({
  name: Type.String(),
  url: Type.String(),
});

const OutletBody = Type.Object({
  shopType: Type.Optional(Type.String({ maxLength: 64 })),
  shopName: Type.Optional(Type.String({ maxLength: 100 })),
  contactName: Type.Optional(Type.String({ maxLength: 100 })),
  mobile: Type.Optional(Type.String({ maxLength: 32 })),
  licenceNo: Type.Optional(Type.String({ maxLength: 64 })),
  regionCode: Type.Optional(Type.String({ maxLength: 12 })),
  detail: Type.Optional(Type.String({ maxLength: 500 })),
  photos: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20, description: 'photo names' }),
  ),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
});

const Area = Type.Object({
  provinceCode: Type.String(),
  provinceName: Type.String(),
  cityCode: Type.String(),
  cityName: Type.String(),
  regionCode: Type.String(),
  regionName: Type.String(),
});

const ShopType = Type.Object({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
});

export const OutletStatus = StringEnum(['pending', 'approved', 'rejected']);

/** The shopper's saved, unfinished form: whatever was filled in. */
const OutletDraft = Type.Object({
  shopType: Type.String(),
  shopName: Type.String(),
  contactName: Type.String(),
  mobile: Type.String(),
  licenceNo: Type.String(),
  area: Nullable(Area),
  detail: Type.String(),
  photos: Type.Array(Photo),
  remark: Type.String(),
  updatedAt: Millis,
});

const OutletApplication = Type.Object({
  id: Type.Integer(),
  status: OutletStatus,
  shopType: Type.Object({ key: Type.String(), name: Type.String() }),
  shopName: Type.String(),
  contactName: Type.String(),
  mobile: Type.String({ description: 'as given, 11 digits' }),
  licenceNo: Type.String(),
  area: Area,
  detail: Type.String(),
  photos: Type.Array(Photo),
  remark: Type.String(),
  /** Why an operator refused it (rejected only). */
  rejectReason: Nullable(Type.String()),
  submittedAt: Millis,
  reviewedAt: Nullable(Millis),
});

const AdminOutletApplication = Type.Object({
  ...OutletApplication.properties,
  userId: Type.Integer(),
});

const FORM_REFUSAL = ['formInvalid'] as const;

export const JoinusTrackName = StringEnum(['merchant', 'supplier']);

const JoinusTrack = Type.Object({
  key: JoinusTrackName,
  name: Type.String(),
  summary: Type.String(),
  points: Type.Array(Type.String()),
  companyRequired: Type.Boolean(),
  choiceLabel: Type.String(),
  choices: Type.Array(Type.String()),
});

const JoinusEntry = Type.Object({
  id: Type.Integer(),
  track: JoinusTrackName,
  name: Type.String(),
  mobile: Type.String(),
  company: Type.String(),
  choice: Type.String(),
  area: Area,
  message: Type.String(),
  createdAt: Millis,
});

const ApplyEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mobile: Type.String(),
  people: Type.Integer(),
  remark: Type.String(),
  createdAt: Millis,
});

const PrivacyItem = Type.Object({
  key: Type.String(),
  name: Type.String(),
  purpose: Type.String(),
  feature: Type.String(),
  required: Type.Boolean(),
});

const PrivacyKind = StringEnum(['export', 'delete']);

const PrivacyRequest = Type.Object({
  id: Type.Integer(),
  kind: PrivacyKind,
  status: StringEnum(['pending', 'done']),
  createdAt: Millis,
  doneAt: Nullable(Millis),
});

/** What the product holds about the shopper for one item of the list, masked. */
const HeldItem = Type.Object({
  key: Type.String(),
  values: Type.Array(Type.String()),
});

const Bounded = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const FORM_ROUTES = defineRoutes({
  'forms.photo': {
    summary:
      'Uploads one shop photo (multipart, field `file`: JPEG, PNG or WebP, at most 10 MB); kept re-encoded as JPEG without metadata',
    data: Type.Object({
      name: Type.String({ description: 'what a form names the photo by' }),
      url: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      size: Type.Integer(),
    }),
    errors: [
      // No schema: the body is multipart; an unreadable JSON or form body is still 10000.
      'badRequest',
      ...LOGGED_IN,
      'photoMissing',
      'photoType',
      'photoTooLarge',
      'photoQuota',
    ],
  },

  'fullshop.page': {
    summary: "The outlet declaration: shop types, photo limits and the shopper's saved draft",
    data: Type.Object({
      campaign: CampaignView,
      shopTypes: Type.Array(ShopType),
      photos: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
      reviewDays: Type.Integer(),
      loggedIn: Type.Boolean(),
      draft: Nullable(OutletDraft),
    }),
    errors: [...CAMPAIGN],
  },
  'fullshop.saveDraft': {
    summary: 'Saves the unfinished form (any fields; each one given is checked for its type only)',
    body: OutletBody,
    data: OutletDraft,
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, ...FORM_REFUSAL],
  },
  'fullshop.deleteDraft': {
    summary: 'Throws the saved draft away',
    data: Type.Null(),
    errors: [...LOGGED_IN],
  },
  'fullshop.submit': {
    summary: 'Submits a declaration for review; every field is checked and the draft is removed',
    body: OutletBody,
    data: OutletApplication,
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, ...FORM_REFUSAL, 'licenceTaken'],
  },
  'fullshop.mine': {
    summary: "The shopper's declarations, newest first",
    data: Type.Array(OutletApplication),
    errors: [...LOGGED_IN_READ],
  },
  'fullshop.detail': {
    summary: "One of the shopper's declarations with its review outcome",
    params: IdParams,
    data: OutletApplication,
    errors: [...UNREADABLE, ...LOGGED_IN_READ, 'applicationNotFound'],
  },

  'joinus.page': {
    summary: 'Join us: the two tracks (franchise and supply) and what the shopper already sent',
    data: Type.Object({
      campaign: CampaignView,
      tracks: Type.Array(JoinusTrack),
      loggedIn: Type.Boolean(),
      mine: Type.Array(JoinusEntry),
    }),
    errors: [...CAMPAIGN],
  },
  'joinus.submit': {
    summary: 'Sends a franchise or supply application; once per shopper and per mobile a track',
    params: Type.Object({ track: JoinusTrackName }),
    body: Type.Object({
      name: Bounded(100),
      mobile: Bounded(32),
      company: Bounded(200),
      choice: Bounded(64),
      regionCode: Bounded(12),
      message: Bounded(1000),
    }),
    data: JoinusEntry,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      ...FORM_REFUSAL,
      'entryDuplicate',
      'entryMobileDuplicate',
    ],
  },
  'apply.page': {
    summary: "The activity sign-up: the campaign, the party limit and the shopper's sign-up",
    data: Type.Object({
      campaign: CampaignView,
      maxPeople: Type.Integer(),
      loggedIn: Type.Boolean(),
      mine: Nullable(ApplyEntry),
    }),
    errors: [...CAMPAIGN],
  },
  'apply.submit': {
    summary: 'Signs the shopper up (once per shopper and per mobile)',
    body: Type.Object({
      name: Bounded(100),
      mobile: Bounded(32),
      people: Type.Optional(
        Type.Union([
          Type.Integer({ minimum: 0, maximum: 100 }),
          Type.String({ pattern: '^\\d{1,3}$' }),
        ]),
      ),
      remark: Bounded(1000),
    }),
    data: ApplyEntry,
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      ...FORM_REFUSAL,
      'signUpDuplicate',
      'entryMobileDuplicate',
    ],
  },
  'privacy.list': {
    summary: 'The personal information the product collects: each kind, why, and in which feature',
    data: Type.Object({ campaign: CampaignView, items: Type.Array(PrivacyItem) }),
    errors: [...CAMPAIGN],
  },
  'privacy.mine': {
    summary:
      'What the product holds about the shopper now, masked, and their export and delete requests',
    data: Type.Object({
      held: Type.Array(HeldItem),
      requests: Type.Array(PrivacyRequest),
    }),
    errors: [...LOGGED_IN_READ],
  },
  'privacy.request': {
    summary:
      'Asks for a copy of the personal information, or for its deletion (one of each waiting)',
    body: Type.Object({ kind: PrivacyKind }),
    data: PrivacyRequest,
    errors: [...UNREADABLE, ...LOGGED_IN, 'privacyRequestPending'],
  },
  'admin.privacyRequests': {
    summary: 'Export and delete requests, waiting ones first by age',
    querystring: Type.Object({ status: Type.Optional(StringEnum(['pending', 'done'])) }),
    data: Type.Array(Type.Object({ ...PrivacyRequest.properties, userId: Type.Integer() })),
    errors: [...ADMIN, ...UNREADABLE],
  },
  'admin.privacyFulfil': {
    summary:
      "Fulfils a request: an export answers the shopper's data; a delete removes the forms' personal data",
    params: IdParams,
    data: Type.Object({
      request: Type.Object({ ...PrivacyRequest.properties, userId: Type.Integer() }),
      export: Nullable(Type.Unknown({ description: "the shopper's data (export requests)" })),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'privacyRequestNotFound', 'privacyRequestDone'],
  },
  'admin.formEntriesCsv': {
    summary: 'Exports join-us applications or sign-ups as CSV (UTF-8 with BOM, opens in Excel)',
    params: Type.Object({ form: StringEnum(['joinus-merchant', 'joinus-supplier', 'apply']) }),
    reply: 'text/csv',
    data: Type.String({ description: 'CSV, one row per entry, oldest first' }),
    errors: [...ADMIN, ...UNREADABLE],
  },

  'admin.fullshopApplications': {
    summary: 'Outlet declarations for review, oldest waiting first',
    querystring: Type.Object({
      status: Type.Optional(OutletStatus),
      limit: Type.Optional(Type.String({ pattern: '^(?:[1-9]\\d?|1\\d\\d|200)$' })),
    }),
    data: Type.Array(AdminOutletApplication),
    errors: [...ADMIN, ...UNREADABLE],
  },
  'admin.fullshopReview': {
    summary: 'Approves or rejects (with a reason) a waiting declaration',
    params: IdParams,
    body: Type.Object(
      {
        decision: StringEnum(['approve', 'reject']),
        reason: Type.Optional(Type.String({ maxLength: 200 })),
      },
      { additionalProperties: false },
    ),
    data: AdminOutletApplication,
    errors: [
      ...ADMIN,
      ...UNREADABLE,
      'applicationNotFound',
      'applicationReviewed',
      'rejectReasonMissing',
    ],
  },
});
