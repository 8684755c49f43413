// NIM's team actions (/nimserver/team/*.action): an app's backend manages advanced teams. The
// operator named by `owner` acts with its own rights, as its client would; the reads (query,
// queryDetail, joinTeams) are the app's, without an operator (docs/im-server-api.md, "Teams").
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';
import { AccidField } from './fields.ts';

/** NIM's per-call limit of accids in `members` (and of a new team's members with its owner). */
export const TEAM_MEMBERS_MAX = 200;
/** NIM's per-call limit of managers added or removed. */
export const TEAM_MANAGERS_MAX = 10;
/** Team ids a query names at most. */
export const TEAM_QUERY_MAX = 30;

const Tid = Type.String({ pattern: '^[0-9]{1,15}$', description: 'team id' });
/** One of NIM's numbered choices, as the form's text. */
const Choice = <A extends string, B extends string>(a: A, b: B, description: string) =>
  Type.Union([Type.Literal(a), Type.Literal(b)], { description });
const Choice3 = <A extends string, B extends string, C extends string>(
  a: A,
  b: B,
  c: C,
  description: string,
) => Type.Union([Type.Literal(a), Type.Literal(b), Type.Literal(c)], { description });
/** A JSON array of accids as text, as NIM's forms carry lists. */
const AccidList = (description: string) =>
  Type.String({ minLength: 2, maxLength: 8_000, description });

/** The team's fields NIM's create and update take (NIM's names and limits). */
const TEAM_FIELDS = {
  announcement: Type.Optional(Type.String({ maxLength: 1024 })),
  intro: Type.Optional(Type.String({ maxLength: 512 })),
  custom: Type.Optional(Type.String({ maxLength: 1024 })),
  icon: Type.Optional(Type.String({ maxLength: 1024 })),
  beinvitemode: Type.Optional(Choice('0', '1', '0 invitees must agree, 1 they join at once')),
  invitemode: Type.Optional(Choice('0', '1', '0 managers invite, 1 every member')),
  uptinfomode: Type.Optional(Choice('0', '1', '0 managers edit the team, 1 every member')),
  upcustommode: Type.Optional(Choice('0', '1', '0 managers edit custom, 1 every member')),
  teamMemberLimit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,4}$', description: 'members at most, 2 to 2000' }),
  ),
};
const JoinMode = Choice3('0', '1', '2', '0 anyone joins, 1 managers approve, 2 nobody may apply');
const Magree = Choice('0', '1', '0 members join at once, 1 they are invited and must accept');

/** A team as NIM's query answers it. */
export const TeamInfo = Type.Object({
  tid: Type.Number(),
  tname: Type.String(),
  owner: Type.String(),
  icon: Type.String(),
  announcement: Type.String(),
  intro: Type.String(),
  custom: Type.String(),
  maxusers: Type.Number(),
  size: Type.Number(),
  joinmode: Type.Number(),
  beinvitemode: Type.Number(),
  invitemode: Type.Number(),
  uptinfomode: Type.Number(),
  upcustommode: Type.Number(),
  mute: Type.Boolean(),
  muteType: Type.Number(),
  createtime: Type.Number(),
  updatetime: Type.Number(),
});
/** A member as NIM's queryDetail and listTeamMute answer it. */
export const MemberInfo = Type.Object({
  accid: Type.String(),
  nick: Type.String(),
  custom: Type.String(),
  mute: Type.Boolean(),
  createtime: Type.Number(),
  updatetime: Type.Number(),
});
/** Accids that could not be added, and why (NIM's `faccid`). */
const Faccid = Type.Optional(Type.Object({ accid: Type.Array(Type.String()), msg: Type.String() }));

export const TEAM_ACTIONS = defineNimActions({
  'team/create': {
    summary: 'Creates an advanced team owned by `owner`, with `members` added or invited',
    form: Type.Object(
      {
        tname: Type.String({ minLength: 1, maxLength: 64 }),
        owner: AccidField,
        members: AccidList(`JSON array of at most ${TEAM_MEMBERS_MAX - 1} accids`),
        msg: Type.String({ maxLength: 150 }),
        magree: Magree,
        joinmode: JoinMode,
        ...TEAM_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({ tid: Type.String(), faccid: Faccid }),
  },
  'team/add': {
    summary: 'Adds or invites `members` to the team, as `owner` (an owner or manager)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        members: AccidList(`JSON array of 1 to ${TEAM_MEMBERS_MAX} accids`),
        magree: Magree,
        msg: Type.String({ maxLength: 150 }),
        attach: Type.Optional(Type.String({ maxLength: 512 })),
      },
      strict,
    ),
    reply: Type.Object({ faccid: Faccid }),
  },
  'team/kick': {
    summary: 'Removes `member` (or `members`) from the team, as `owner` (an owner or manager)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        member: Type.Optional(AccidField),
        members: Type.Optional(AccidList(`JSON array of 1 to ${TEAM_MEMBERS_MAX} accids`)),
        attach: Type.Optional(Type.String({ maxLength: 512 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/remove': {
    summary: 'Dismisses the team, as its owner',
    form: Type.Object(
      { tid: Tid, owner: AccidField, attach: Type.Optional(Type.String({ maxLength: 512 })) },
      strict,
    ),
    reply: NoReply,
  },
  'team/update': {
    summary: "Changes the team's name, texts, icon or modes, as `owner` (by the team's modes)",
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        tname: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        joinmode: Type.Optional(JoinMode),
        ...TEAM_FIELDS,
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/query': {
    summary: `Reads up to ${TEAM_QUERY_MAX} teams, with their members' accids when ope is 1`,
    form: Type.Object(
      {
        tids: Type.String({ minLength: 2, maxLength: 1024, description: 'JSON array of team ids' }),
        ope: Choice('0', '1', '1 with members, 0 without'),
        ignoreInvalid: Type.Optional(NimBool),
      },
      strict,
    ),
    reply: Type.Object({
      tinfos: Type.Array(
        Type.Object({
          ...TeamInfo.properties,
          admins: Type.Optional(Type.Array(Type.String())),
          members: Type.Optional(Type.Array(Type.String())),
        }),
      ),
      invalid: Type.Optional(Type.Array(Type.String())),
    }),
  },
  'team/queryDetail': {
    summary: 'Reads one team with its owner, managers and members',
    form: Type.Object({ tid: Tid }, strict),
    reply: Type.Object({
      tinfo: Type.Object({
        ...Type.Omit(TeamInfo, ['owner']).properties,
        owner: MemberInfo,
        admins: Type.Array(MemberInfo),
        members: Type.Array(MemberInfo),
      }),
    }),
  },
  'team/changeOwner': {
    summary: 'Hands the team to `newowner`; the old owner leaves (leave 1) or stays (leave 2)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        newowner: AccidField,
        leave: Choice('1', '2', '1 the old owner leaves, 2 stays a member'),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/addManager': {
    summary: `Makes up to ${TEAM_MANAGERS_MAX} members managers, as the owner`,
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        members: Type.String({
          minLength: 2,
          maxLength: 1024,
          description: 'JSON array of accids',
        }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/removeManager': {
    summary: `Makes up to ${TEAM_MANAGERS_MAX} managers ordinary members, as the owner`,
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        members: Type.String({
          minLength: 2,
          maxLength: 1024,
          description: 'JSON array of accids',
        }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/joinTeams': {
    summary: 'Lists the advanced teams an account is a member of',
    form: Type.Object({ accid: AccidField }, strict),
    reply: Type.Object({ count: Type.Number(), infos: Type.Array(TeamInfo) }),
  },
  'team/updateTeamNick': {
    summary: "Sets a member's nick in the team (as `owner`) or its custom field (as the member)",
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        accid: AccidField,
        nick: Type.Optional(Type.String({ maxLength: 32 })),
        custom: Type.Optional(Type.String({ maxLength: 1024 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/muteTeam': {
    summary: "Turns the team's message alerts off (ope 1) or on (ope 2) for the member `accid`",
    form: Type.Object(
      { tid: Tid, accid: AccidField, ope: Choice('1', '2', '1 alerts off, 2 alerts on') },
      strict,
    ),
    reply: NoReply,
  },
  'team/muteTlist': {
    summary: 'Mutes (mute 1) or unmutes (mute 0) the member `accid`, as `owner` (owner or manager)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        accid: AccidField,
        mute: Choice('0', '1', '1 mute, 0 unmute'),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/muteTlistAll': {
    summary: 'Mutes the whole team (muteType 1 ordinary members, 3 everyone) or lifts it (0)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        mute: Type.Optional(NimBool),
        muteType: Type.Optional(Choice3('0', '1', '3', '0 none, 1 ordinary members, 3 everyone')),
      },
      strict,
    ),
    reply: NoReply,
  },
  'team/listTeamMute': {
    summary: 'Lists the muted members, as `owner` (a member)',
    form: Type.Object({ tid: Tid, owner: AccidField }, strict),
    reply: Type.Object({ mutes: Type.Array(MemberInfo) }),
  },
  'team/leave': {
    summary: 'The member `accid` leaves the team (an owner must hand it over first)',
    form: Type.Object({ tid: Tid, accid: AccidField }, strict),
    reply: NoReply,
  },
});

/** NIM's super-team actions (/nimserver/superteam/*.action): the same rules as the team ones. */
export const SUPER_TEAM_ACTIONS = defineNimActions({
  'superteam/create': {
    summary:
      'Creates a super team owned by `owner`; `inviteAccids` join or are invited per beinvitemode',
    form: Type.Object(
      {
        owner: AccidField,
        inviteAccids: AccidList(`JSON array of at most ${TEAM_MEMBERS_MAX - 1} accids`),
        tname: Type.String({ minLength: 1, maxLength: 64 }),
        intro: Type.Optional(Type.String({ maxLength: 512 })),
        announcement: Type.Optional(Type.String({ maxLength: 1024 })),
        serverCustom: Type.Optional(Type.String({ maxLength: 1024 })),
        icon: Type.Optional(Type.String({ maxLength: 1024 })),
        msg: Type.String({ maxLength: 150 }),
        joinmode: JoinMode,
        beinvitemode: TEAM_FIELDS.beinvitemode,
        invitemode: TEAM_FIELDS.invitemode,
        uptinfomode: TEAM_FIELDS.uptinfomode,
        upcustommode: TEAM_FIELDS.upcustommode,
        tlevel: Type.Optional(
          Type.String({ pattern: '^[0-9]{1,4}$', description: 'members at most, 2 to 2000' }),
        ),
      },
      strict,
    ),
    reply: Type.Object({ tid: Type.String() }),
  },
  'superteam/dismiss': {
    summary: 'Dismisses the super team, as its owner',
    form: Type.Object({ tid: Tid, owner: AccidField }, strict),
    reply: NoReply,
  },
  'superteam/invite': {
    summary: 'Adds or invites `inviteAccids`, as `owner` (by the team invite mode)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        inviteAccids: AccidList(`JSON array of 1 to ${TEAM_MEMBERS_MAX} accids`),
        msg: Type.String({ maxLength: 150 }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/kick': {
    summary: 'Removes `kickAccids` from the super team, as `owner` (an owner or manager)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        kickAccids: AccidList(`JSON array of 1 to ${TEAM_MEMBERS_MAX} accids`),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/leave': {
    summary: 'The member `accid` leaves the super team',
    form: Type.Object({ tid: Tid, accid: AccidField }, strict),
    reply: NoReply,
  },
  'superteam/changeOwner': {
    summary: 'Hands the super team to `accid`; the old owner leaves (leave 1) or stays (2)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        accid: AccidField,
        leave: Choice('1', '2', '1 the old owner leaves, 2 stays a member'),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/addManager': {
    summary: `Makes up to ${TEAM_MANAGERS_MAX} members managers, as the owner`,
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        managerAccids: Type.String({ minLength: 2, maxLength: 1024 }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/removeManager': {
    summary: `Makes up to ${TEAM_MANAGERS_MAX} managers ordinary members, as the owner`,
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        managerAccids: Type.String({ minLength: 2, maxLength: 1024 }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/mute': {
    summary: 'Mutes the super team (muteType 1 ordinary members, 3 everyone) or lifts it (0)',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        muteType: Choice3('0', '1', '3', '0 none, 1 ordinary members, 3 everyone'),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/muteTlist': {
    summary: `Mutes (1) or unmutes (0) up to ${TEAM_MANAGERS_MAX} members, as an owner or manager`,
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        muteAccids: Type.String({ minLength: 2, maxLength: 1024 }),
        mute: Choice('0', '1', '1 mute, 0 unmute'),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/updateTinfo': {
    summary:
      "Changes the super team's name, texts, icon or modes, as `owner` (by the team's modes)",
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        tname: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        intro: TEAM_FIELDS.intro,
        announcement: TEAM_FIELDS.announcement,
        serverCustom: Type.Optional(Type.String({ maxLength: 1024 })),
        icon: TEAM_FIELDS.icon,
        joinmode: Type.Optional(JoinMode),
        invitemode: TEAM_FIELDS.invitemode,
        uptinfomode: TEAM_FIELDS.uptinfomode,
        upcustommode: TEAM_FIELDS.upcustommode,
        beinvitemode: TEAM_FIELDS.beinvitemode,
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/updateTlist': {
    summary: "Sets the member `accid`'s own alerts (silentType), nick or custom in the super team",
    form: Type.Object(
      {
        tid: Tid,
        accid: AccidField,
        silentType: Type.Optional(Choice('0', '1', '1 alerts off, 0 alerts on')),
        nick: Type.Optional(Type.String({ maxLength: 32 })),
        custom: Type.Optional(Type.String({ maxLength: 32 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/changeLevel': {
    summary: 'Sets how many members the super team may have (2 to 2000), as its owner',
    form: Type.Object(
      {
        tid: Tid,
        owner: AccidField,
        tlevel: Type.String({ pattern: '^[0-9]{1,4}$', description: 'members at most, 2 to 2000' }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/joinTeams': {
    summary: 'Lists the super teams an account is a member of',
    form: Type.Object({ accid: AccidField }, strict),
    reply: Type.Object({ count: Type.Number(), infos: Type.Array(TeamInfo) }),
  },
});
