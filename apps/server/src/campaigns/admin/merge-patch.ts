// JSON merge patch (RFC 7386) for settings: an operator sends only the fields to change, so one
// setting (say dailyChances) changes without restating the others; null removes a field; an
// array or any non-object value replaces what was there. The RFC's algorithm, as written there.
type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const result: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  return result;
}
