// NIM's user actions (/nimserver/user/*.action): accounts an app's backend creates and manages.
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';
import {
  AccidField,
  AccidListField,
  BIRTH_MAX,
  EMAIL_MAX,
  EX_MAX,
  IconField,
  MOBILE_MAX,
  NameField,
  PropsField,
  SIGN_MAX,
  TokenField,
} from './fields.ts';

/** NIM's getUinfos limit: accounts per call. */
export const UINFOS_MAX = 200;

/** NIM's gender numbers: 0 unknown, 1 male, 2 female. */
const Gender = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')], {
  description: '0 unknown, 1 male, 2 female',
});

/** A profile as NIM's getUinfos answers it. */
const Uinfo = Type.Object({
  accid: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  sign: Type.String(),
  email: Type.String(),
  birth: Type.String(),
  mobile: Type.String(),
  gender: Type.Number(),
  ex: Type.String(),
});

const Credentials = Type.Object({ accid: Type.String(), token: Type.String() });
const AccidForm = Type.Object({ accid: AccidField }, strict);

export const USER_ACTIONS = defineNimActions({
  'user/create': {
    summary: 'Creates an account; the token is generated unless given',
    form: Type.Object(
      {
        accid: AccidField,
        name: Type.Optional(NameField),
        icon: Type.Optional(IconField),
        props: Type.Optional(PropsField),
        token: Type.Optional(TokenField),
      },
      strict,
    ),
    reply: Type.Object({
      info: Type.Object({ ...Credentials.properties, name: Type.String() }),
    }),
  },
  'user/update': {
    summary: "Changes an account's props or token (a new token ends its sessions)",
    form: Type.Object(
      { accid: AccidField, props: Type.Optional(PropsField), token: Type.Optional(TokenField) },
      strict,
    ),
    reply: NoReply,
  },
  'user/refreshToken': {
    summary: 'Gives the account a new generated token (the old one stops working)',
    form: AccidForm,
    reply: Type.Object({ info: Credentials }),
  },
  'user/block': {
    summary: 'Disables the account: it cannot log in and its live connections end',
    // needkick is checked (NIM's true/false) but a block always ends live connections.
    form: Type.Object({ accid: AccidField, needkick: Type.Optional(NimBool) }, strict),
    reply: NoReply,
  },
  'user/unblock': {
    summary: 'Enables a disabled account again',
    form: AccidForm,
    reply: NoReply,
  },
  'user/updateUinfo': {
    summary: "Changes an account's profile; its devices and its friends' are told at once",
    form: Type.Object(
      {
        accid: AccidField,
        name: Type.Optional(NameField),
        icon: Type.Optional(IconField),
        sign: Type.Optional(Type.String({ maxLength: SIGN_MAX })),
        email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
        birth: Type.Optional(Type.String({ maxLength: BIRTH_MAX })),
        mobile: Type.Optional(Type.String({ maxLength: MOBILE_MAX })),
        gender: Type.Optional(Gender),
        ex: Type.Optional(Type.String({ maxLength: EX_MAX })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'user/getUinfos': {
    summary: `The profiles of up to ${UINFOS_MAX} accounts (unknown ones are left out)`,
    form: Type.Object({ accids: AccidListField(UINFOS_MAX) }, strict),
    reply: Type.Object({ uinfos: Type.Array(Uinfo) }),
  },
  'user/setSpecialRelation': {
    summary:
      "Puts `targetAcc` on (value 1) or off (0) the account's blacklist (1) or mute list (2)",
    form: Type.Object(
      {
        accid: AccidField,
        targetAcc: AccidField,
        relationType: Type.Union([Type.Literal('1'), Type.Literal('2')], {
          description: '1 blacklist, 2 mute list',
        }),
        value: Type.Union([Type.Literal('0'), Type.Literal('1')], {
          description: '0 take off, 1 put on',
        }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'user/listBlackAndMuteList': {
    summary: "The account's blacklist and mute list",
    form: AccidForm,
    reply: Type.Object({
      mutelist: Type.Array(Type.String()),
      blacklist: Type.Array(Type.String()),
    }),
  },
  'user/mute': {
    summary:
      'Mutes the account everywhere (true): its messages are refused with 403; false lifts it',
    form: Type.Object({ accid: AccidField, mute: NimBool }, strict),
    reply: NoReply,
  },
  'user/setDonnop': {
    summary:
      'Whether mobile devices get no push while a desktop client is online (kept for a push provider)',
    form: Type.Object({ accid: AccidField, donnopOpen: NimBool }, strict),
    reply: NoReply,
  },
  'user/getDonnop': {
    summary: "The account's donnopOpen setting",
    form: AccidForm,
    reply: Type.Object({ donnopOpen: Type.Boolean() }),
  },
  'user/muteAv': {
    summary:
      'Mutes the account for audio and video (true): it may not call or invite to a call (403)',
    form: Type.Object({ accid: AccidField, mute: NimBool }, strict),
    reply: NoReply,
  },
});
