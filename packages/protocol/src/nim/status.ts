// The table of docs/nim-compatibility.md: every command of the IM link with what a client of the
// official NIM Web SDK can do with it today. Written by scripts/nim-status-table.ts; a test keeps
// the document equal to it.
import { COMMANDS, type CommandName } from '../commands/index.ts';
import { NIM_DIALECT } from './dialect.ts';

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

/** The document with its table replaced; undefined when it has no markers. */
export function withStatusTable(document: string): string | undefined {
  const start = document.indexOf(STATUS_START);
  const end = document.indexOf(STATUS_END);
  if (start < 0 || end < start) return undefined;
  return document.slice(0, start) + renderStatusTable() + document.slice(end + STATUS_END.length);
}
