// Hostile values derived from a JSON Schema (TypeBox schemas are JSON Schema): for an object,
// every required field missing, every field of the wrong type, out of range, oversized or full of
// unicode edge cases, unknown fields and prototype keys; plus random maps from fast-check with a
// fixed seed, so every run sends the same requests. Used for HTTP routes and IM commands alike.
import fc from 'fast-check';

/** The parts of JSON Schema the server's schemas use. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface Hostile {
  /** What the value does wrong, for the failure message. */
  label: string;
  value: unknown;
}

/** Strings that break naive text handling; each is tried in every string field. */
export const EDGE_STRINGS: Hostile[] = [
  { label: 'lone high surrogate', value: 'a\uD800b' },
  { label: 'lone low surrogate', value: '\uDC00' },
  { label: 'RTL override', value: '\u202Eabc\u202C' },
  { label: 'zero-width joiners', value: '\u200B\u200D\uFEFF' },
  { label: 'NUL byte', value: 'a\u0000b' },
  { label: '4-byte emoji', value: '😀👨‍👩‍👧'.repeat(3) },
  { label: 'long digit string', value: '9'.repeat(400) },
  { label: 'empty string', value: '' },
  { label: 'only spaces', value: '   ' },
  { label: 'path traversal', value: '../../etc/passwd' },
  { label: 'sql quote', value: "' or 1=1 --" },
];

/** Numbers outside what any field means: overflow of 64-bit columns, fractions, negatives. */
export const EDGE_NUMBERS: Hostile[] = [
  { label: 'negative', value: -1 },
  { label: 'fraction', value: 1.5 },
  { label: 'beyond 2^53', value: 2 ** 60 },
  { label: 'beyond 2^64', value: 1e20 },
  { label: 'huge double', value: 1e308 },
];

function types(schema: Schema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.const !== undefined) return [typeof schema.const];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return [...new Set(options.flatMap(types))];
  return [];
}

/** A value of the wrong JSON type for the schema. */
function wrongTypes(schema: Schema): Hostile[] {
  const own = new Set(types(schema));
  const candidates: [string, unknown][] = [
    ['string', 'not-a-value'],
    ['integer', 7],
    ['number', 7.25],
    ['boolean', true],
    ['null', null],
    ['array', ['x', 1]],
    ['object', { nested: { deeper: [1] } }],
  ];
  return candidates
    .filter(([type]) => !own.has(type) && !(type === 'integer' && own.has('number')))
    .map(([type, value]) => ({
      label: `${type} instead of ${[...own].join('|') || 'any'}`,
      value,
    }));
}

const PATTERN_GUESSES = ['13800138000', '1', 'abc', 'demo1', '2026-01-01', 'a1', '100', 'x'];

/** A plausible valid value, so that mutating one field leaves the others passing. */
export function sampleValid(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sampleValid(options[0]!);
  const type = types(schema)[0];
  switch (type) {
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern, 'u');
        const guess = PATTERN_GUESSES.find((g) => re.test(g));
        if (guess) return guess;
      }
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sampleValid(schema.items ?? {}));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        value[key] = sampleValid(schema.properties?.[key] ?? {});
      return value;
    }
    default:
      return 'a';
  }
}

/** Hostile values for one field (not the whole object). */
function fieldVariants(schema: Schema): Hostile[] {
  const out = wrongTypes(schema);
  const own = types(schema);
  if (own.includes('string') || own.length === 0) {
    out.push(...EDGE_STRINGS);
    if (schema.maxLength !== undefined)
      out.push({
        label: `maxLength+1 (${schema.maxLength + 1})`,
        value: 'a'.repeat(schema.maxLength + 1),
      });
    // Valid by the schema, but as a number beyond any 64-bit column (ids are digit strings).
    if (schema.maxLength !== undefined && schema.maxLength >= 20)
      out.push({
        label: 'digits at maxLength',
        value: '9'.repeat(Math.min(schema.maxLength, 1000)),
      });
    out.push({ label: '200k characters', value: '长'.repeat(200_000) });
  }
  if (own.includes('integer') || own.includes('number')) {
    out.push(...EDGE_NUMBERS);
    if (schema.minimum !== undefined) out.push({ label: 'minimum-1', value: schema.minimum - 1 });
    if (schema.maximum !== undefined) out.push({ label: 'maximum+1', value: schema.maximum + 1 });
  }
  if (own.includes('array')) {
    out.push({ label: 'empty array', value: [] });
    out.push({
      label: '10k items',
      value: Array.from({ length: 10_000 }, () => sampleValid(schema.items ?? {})),
    });
    out.push({ label: 'hostile items', value: [null, {}, [], '\uD800', 2 ** 60] });
  }
  return out;
}

/**
 * Hostile variants of a whole value of `schema`: the whole value replaced, then per field (and
 * per field of nested objects, to `depth`). For objects each variant starts from a plausible
 * valid object (`known` values replacing the samples, e.g. a real team id) so that only one thing
 * is wrong.
 */
export function hostileVariants(
  schema: Schema,
  known: Record<string, unknown> = {},
  depth = 2,
): Hostile[] {
  const sample = sampleValid(schema);
  const out: Hostile[] = [
    { label: 'whole value: array', value: [sample] },
    { label: 'whole value: string', value: 'x' },
    { label: 'whole value: number', value: 1 },
  ];
  if (!types(schema).includes('object') || sample === null || typeof sample !== 'object')
    return out;
  const properties = schema.properties ?? {};
  const object: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
  for (const [key, value] of Object.entries(known)) if (key in properties) object[key] = value;
  out.push({ label: 'empty object', value: {} });
  for (const key of schema.required ?? []) {
    const { [key]: _, ...rest } = object;
    out.push({ label: `missing ${key}`, value: rest });
  }
  out.push({ label: 'unknown field', value: { ...object, zzUnknown: 'x' } });
  // JSON.parse makes an own "__proto__" key, as a parsed request body would have.
  out.push({
    label: '__proto__ key',
    value: JSON.parse(
      `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
    ),
  });
  out.push({
    label: '__proto__ key beside valid fields',
    value: Object.assign(JSON.parse('{"__proto__":{"admin":true}}'), object),
  });
  for (const [key, field] of Object.entries(properties)) {
    for (const variant of fieldVariants(field))
      out.push({ label: `${key}: ${variant.label}`, value: { ...object, [key]: variant.value } });
    if (depth > 1 && field.properties) {
      const nested = hostileVariants(field, known, depth - 1).filter(
        (v) => !v.label.startsWith('whole value'),
      );
      for (const variant of nested)
        out.push({ label: `${key}.${variant.label}`, value: { ...object, [key]: variant.value } });
    }
  }
  return out;
}

/** Random maps over the schema's own keys (and a few others), the same on every run. */
export function randomMaps(schema: Schema, runs: number, seed: number): Hostile[] {
  const keys = [...Object.keys(schema.properties ?? {}), '__proto__', 'constructor', 'x'];
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
  );
  const map = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length });
  return fc
    .sample(map, { numRuns: runs, seed })
    .map((v, i) => ({ label: `random map #${i}`, value: v }));
}
