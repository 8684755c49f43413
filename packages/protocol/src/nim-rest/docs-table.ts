// The action list of docs/im-server-api.md, written from the action table by
// scripts/nim-rest-table.ts; a test keeps the document equal to it.
import type { TObject } from '@sinclair/typebox';
import { NIM_REST_ACTIONS } from './index.ts';

export const ACTIONS_START = '<!-- nim-rest-actions:start -->';
export const ACTIONS_END = '<!-- nim-rest-actions:end -->';

/** Field names, optional ones marked with `?`. */
function fieldList(schema: TObject): string {
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties).map((name) =>
    required.has(name) ? `\`${name}\`` : `\`${name}?\``,
  );
  return names.length === 0 ? 'none' : names.join(', ');
}

export function renderActionTable(): string {
  const rows = Object.entries(NIM_REST_ACTIONS).map(
    ([name, action]) =>
      `| \`${name}.action\` | ${action.summary} | ${fieldList(action.form)} | ${fieldList(action.reply)} |`,
  );
  return [
    ACTIONS_START,
    '',
    '| action | what it does | form fields (`?` optional) | reply fields beside `code` |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    ACTIONS_END,
  ].join('\n');
}

/** The document with its list replaced; undefined when it has no markers. */
export function withActionTable(document: string): string | undefined {
  const start = document.indexOf(ACTIONS_START);
  const end = document.indexOf(ACTIONS_END);
  if (start < 0 || end < start) return undefined;
  return document.slice(0, start) + renderActionTable() + document.slice(end + ACTIONS_END.length);
}
