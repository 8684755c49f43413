// The tables of docs/nim-compatibility.md: every command of the IM link and of the chatroom link
// with what a client of the official NIM Web and Chatroom SDKs can do with it today. Written by
// scripts/nim-status-table.ts; a test keeps the document equal to it.
import { COMMANDS, type CommandName } from '../commands/index.ts';
import { NIM_DIALECT, type NimId } from './dialect.ts';

export const STATUS_START = '<!-- nim-status:start -->';
export const STATUS_END = '<!-- nim-status:end -->';

function nimStatus(name: CommandName): string {
  const dialect = (NIM_DIALECT as Partial<Record<CommandName, object>>)[name];
  if (!dialect) return COMMANDS[name].kind === 'push' ? 'not sent' : 'Not_Support (403)';
  return 'yes';
}

export function renderStatusTable(): string {
  const rows = (Object.keys(COMMANDS) as CommandName[])
    .filter((name) => COMMANDS[name].link === 'im')
    .map((name) => {
      const def = COMMANDS[name];
      return `| ${name} | ${def.sid}_${def.cid} | ${def.kind} | ${nimStatus(name)} |`;
    });
  return [
    STATUS_START,
    '',
    '| command | sid_cid (ours) | kind | official NIM SDK |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    STATUS_END,
  ].join('\n');
}

export const CHATROOM_STATUS_START = '<!-- nim-chatroom-status:start -->';
export const CHATROOM_STATUS_END = '<!-- nim-chatroom-status:end -->';

/** NIM's ids of a command: the dialect's own where they differ from ours; none if not carried. */
function nimIdsOf(name: CommandName): string {
  const dialect = (NIM_DIALECT as Partial<Record<CommandName, { nimIds?: readonly NimId[] }>>)[
    name
  ];
  if (!dialect) return '-';
  const def = COMMANDS[name];
  return (dialect?.nimIds ?? [def]).map((id) => `${id.sid}_${id.cid}`).join(', ');
}

/** The chatroom link's commands (each room's own connection), with NIM's ids beside ours. */
export function renderChatroomStatusTable(): string {
  const rows = (Object.keys(COMMANDS) as CommandName[])
    .filter((name) => COMMANDS[name].link === 'chatroom')
    .map((name) => {
      const def = COMMANDS[name];
      return `| ${name} | ${def.sid}_${def.cid} | ${nimIdsOf(name)} | ${def.kind} | ${nimStatus(name)} |`;
    });
  return [
    CHATROOM_STATUS_START,
    '',
    '| command | sid_cid (ours) | sid_cid (NIM) | kind | official NIM Chatroom SDK |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    CHATROOM_STATUS_END,
  ].join('\n');
}

function replaceBlock(document: string, start: string, end: string, table: string) {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) return undefined;
  return document.slice(0, from) + table + document.slice(to + end.length);
}

/** The document with its tables replaced; undefined when it lacks the markers. */
export function withStatusTable(document: string): string | undefined {
  const im = replaceBlock(document, STATUS_START, STATUS_END, renderStatusTable());
  return (
    im && replaceBlock(im, CHATROOM_STATUS_START, CHATROOM_STATUS_END, renderChatroomStatusTable())
  );
}
