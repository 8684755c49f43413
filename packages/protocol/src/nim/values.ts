// NIM's property maps carry every value as text; our schemas want numbers and booleans. A value
// that does not convert stays as it came, so the command's schema refuses it (414), never a guess.

export function int(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

/** A decimal number (NIM's coordinates travel as text such as `100.5`). */
export function num(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,15}(\.\d{1,15})?$/.test(value) ? Number(value) : value;
}

export function bool(value: string | undefined): boolean | string | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return value;
}

/** A field NIM's packet left out is absent in ours, never `undefined` (the frame codec refuses it). */
export function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== undefined) out[key] = withoutUndefinedIn(field);
  return out;
}

/** Also inside lists: an undefined item becomes null, which the schema refuses (414). */
function withoutUndefinedIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutUndefinedIn(item) ?? null);
  if (value && typeof value === 'object') return withoutUndefined(value as Record<string, unknown>);
  return value;
}

/**
 * NIM's PropertyArray parameter arrives as `{t: 'ArrayMable', v: [{t: 'Property', v: {...}}]}`:
 * the property maps inside; anything else is left as it came, for the schema to refuse.
 */
export const propertyList = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map((item: unknown) =>
        item && typeof item === 'object' && 'v' in item ? (item as { v: unknown }).v : item,
      )
    : value;
