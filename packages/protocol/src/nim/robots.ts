// Robot messages (type 11) between NIM's wire and ours. NIM's SDK writes the robot's part as JSON
// text in `attach`: `{robotAccid, param: {type, content, target, params}}`, its type a code
// ('00' welcome, '01' text, '03' link); ours names it `robot`. Morsel runs no robot service of
// its own (decision 0048): a robot is an account an app's own bot logs in as.
import type { Msg } from '../commands/shapes/messaging.ts';

type Robot = NonNullable<Msg['robot']>;

const ROBOT_TYPE_CODES: Record<Robot['type'], string> = { welcome: '00', text: '01', link: '03' };

/** NIM's attach of a robot message as our `robot`; what does not read stays, for the schema. */
export function robotFromNim(attach: string, to: unknown): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(attach);
  } catch {
    return attach;
  }
  if (!parsed || typeof parsed !== 'object') return parsed;
  const { robotAccid, param } = parsed as { robotAccid?: unknown; param?: Record<string, unknown> };
  const code = param?.type;
  const type = (Object.keys(ROBOT_TYPE_CODES) as Robot['type'][]).find(
    (name) => ROBOT_TYPE_CODES[name] === code,
  );
  const robot: Record<string, unknown> = { robotAccid: robotAccid ?? to, type: type ?? code };
  for (const key of ['content', 'target', 'params'] as const)
    if (param?.[key] !== undefined) robot[key] = param[key];
  return robot;
}

/** Our `robot` as NIM's attach text. */
export function robotToNim(robot: Robot): string {
  const { robotAccid, type, ...rest } = robot;
  return JSON.stringify({ robotAccid, param: { type: ROBOT_TYPE_CODES[type], ...rest } });
}
