// The server REST API in NIM's convention (`POST /nimserver/<area>/<action>.action`, form-encoded,
// CheckSum-signed): the one place an action's name, its form fields with NIM's names and limits,
// and the fields of its reply are declared. The server registers its handlers from this table
// (typed against it) and docs/im-server-api.md lists it; a test keeps the three in step.
import { Type, type TObject } from '@sinclair/typebox';

export interface NimRestAction {
  /** One line for the docs: what the action does. */
  summary: string;
  /** The form fields, as strings the way a form carries them, with NIM's names and limits. */
  form: TObject;
  /** The reply's fields beside `code: 200` (NIM's shapes). */
  reply: TObject;
}

/** An area's actions, keyed `<area>/<action>` as in the path. */
export function defineNimActions<const T extends Record<`${string}/${string}`, NimRestAction>>(
  actions: T,
): T {
  return actions;
}

export function nimActionPath(name: string): `/nimserver/${string}.action` {
  return `/nimserver/${name}.action`;
}

/** Forms name every field they take: a field NIM has and Morsel does not keep is refused by name. */
export const strict = { additionalProperties: false } as const;

/** NIM's booleans in forms. */
export const NimBool = Type.Union([Type.Literal('true'), Type.Literal('false')], {
  description: 'true or false',
});

/** A reply with nothing beside its code. */
export const NoReply = Type.Object({});
