import fc from 'fast-check';

// Generators of bad (and some good) input from a route's OpenAPI JSON schema, for test/fuzz.test.ts.

/** A JSON Schema node as @fastify/swagger writes it (OpenAPI 3.0: `nullable`, `$ref` to components). */
export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

/** A JSON token that JSON.stringify cannot write (`-0`, `1e400`, `NaN`), put in the body as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with RawJson tokens written verbatim. */
export function serialize(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`)
      .join(',')}}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? 'null';
}

/** Put into string inputs: no error answer may ever repeat it. */
export const CANARY = 'c4nary-segredo-7f3a';

const MB = 1024 * 1024;
const huge = {
  ascii: 'a'.repeat(MB),
  digits: '9'.repeat(MB),
  emoji: '😀'.repeat(MB / 4),
  /** under the 256 KB body limit, so that it reaches the schema's maxLength */
  nearLimit: 'b'.repeat(200_000),
};

/** Strings that have broken parsers, loggers and databases before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👨‍👩‍👧‍👦🇧🇷',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF',
  '\uFEFF',
  'c\u0301',
  'Ｓ',
  '\u2028\u2029',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE tenants; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\\',
  '"',
  '\\u0000',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  'Infinity',
  '-1',
  '0x1F',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  ' 529.982.247-25 ',
  '52998224725',
  '2024-02-30',
  '9999-99-99',
  `${CANARY}`,
  `pre ${CANARY} pos`,
];

const nastyString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...Object.values(huge)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `${s}${CANARY}`) },
);

/** Numbers at the edges: huge, tiny, negative zero, and JSON tokens that are not numbers at all. */
const edgeNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63)),
  fc.constantFrom(
    new RawJson('-0'),
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson(`0.${'0'.repeat(400)}1`),
    new RawJson('9'.repeat(400)),
  ),
  fc.double().map((d) => (Number.isFinite(d) ? d : String(d))),
  fc.integer(),
);

/** Any value of the wrong kind for a field. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }, [[[]]]) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A schema node with its `$ref` followed. */
export function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = components[name] ?? {};
  }
  return s;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type[0] : s.type);

function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 40, 60);
  const min = Math.min(s.minLength ?? 0, max);
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // a pattern fast-check cannot generate from: any string of the right length
    }
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** A value that the schema accepts, most of the time (patterns and refinements are not all known). */
export function validValue(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  hints: Record<string, unknown[]> = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const inner = (): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length)
      return fc.oneof(...alternatives.map((a) => validValue(a, components, hints, depth + 1)));
    if (s.allOf?.length) return validValue(s.allOf[0] ?? {}, components, hints, depth + 1);
    switch (typeOf(s)) {
      case 'string':
        return stringFor(s);
      case 'integer':
        return fc.integer({
          min: Math.max(s.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(s.maximum ?? 100_000, 2 ** 31),
        });
      case 'number':
        return fc.double({
          min: s.minimum ?? -1000,
          max: s.maximum ?? 100_000,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        if (depth > 4) return fc.constant([]);
        return fc.array(validValue(s.items ?? {}, components, hints, depth + 1), {
          minLength: Math.min(s.minItems ?? 0, 3),
          maxLength: Math.min(s.maxItems ?? 3, 3),
        });
      case 'object': {
        if (depth > 4) return fc.constant({});
        const props = s.properties ?? {};
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(props)) {
          const generated = validValue(value, components, hints, depth + 1);
          const known = hints[key];
          model[key] = known?.length
            ? fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(...known) },
                { weight: 1, arbitrary: generated },
              )
            : generated;
        }
        return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  const value = inner();
  return s.nullable
    ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

/**
 * A value of the right type and length carrying odd characters (NUL, lone surrogates, RTL marks...):
 * it passes a schema that only counts characters, and so reaches the database or the provider's systems.
 */
export function oddTextFor(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
): fc.Arbitrary<unknown> | null {
  const s = resolve(schema, components);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) {
    const odd = alternatives.map((a) => oddTextFor(a, components)).filter((a) => a !== null);
    return odd.length ? fc.oneof(...odd) : null;
  }
  if (typeOf(s) !== 'string' || s.enum || s.pattern || s.format) return null;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const fits = (v: string) => v.length >= min && v.length <= max;
  const pad = (v: string) => (v.length < min ? v.padEnd(min, 'x') : v);
  const control = ['\u0000', 'a\u0000b', 'x\uD800', '\uDFFFy'].map(pad).filter(fits);
  const nasty = NASTY_STRINGS.filter((v) => v.length <= 60)
    .map(pad)
    .filter(fits);
  return fc.oneof(
    ...(control.length ? [{ weight: 2, arbitrary: fc.constantFrom(...control) }] : []),
    ...(nasty.length ? [{ weight: 3, arbitrary: fc.constantFrom(...nasty) }] : []),
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, Math.min(max, 30)) }),
    },
  );
}

/** A body the schema accepts but for one text field (top level or nested) with odd characters in it. */
export function oddTextBody(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  hints: Record<string, unknown[]> = {},
): fc.Arbitrary<unknown> | null {
  const s = resolve(schema, components);
  const direct = oddTextFor(s, components);
  if (direct) return direct;
  const props = s.properties ?? {};
  const odd = Object.keys(props)
    .map((k) => [k, oddTextBody(props[k] ?? {}, components, hints)] as const)
    .filter((entry): entry is readonly [string, fc.Arbitrary<unknown>] => entry[1] !== null);
  if (typeOf(s) !== 'object' || odd.length === 0) return null;
  const valid = validValue(s, components, hints) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(valid, fc.constantFrom(...odd))
    .chain(([v, [k, arbitrary]]) => arbitrary.map((value) => ({ ...v, [k]: value })));
}

const EXTRA_KEYS = [
  'extra',
  'id',
  'tenant_id',
  'admin',
  'role',
  'constructor',
  'toString',
  'a'.repeat(300),
  '',
  '😀',
];

/**
 * A value the schema should refuse: the whole value of the wrong kind, or (for an object) one field
 * wrong, a required field missing, or fields the schema does not know.
 */
export function badValueFor(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  hints: Record<string, unknown[]> = {},
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (typeOf(s) !== 'object' || keys.length === 0) return badValue;
  const valid = validValue(s, components, hints) as fc.Arbitrary<Record<string, unknown>>;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { weight: 1, arbitrary: badValue },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, key)
        .chain(([v, k]) => badValueFor(props[k] ?? {}, components, hints).map((bad) => ({ ...v, [k]: bad }))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.subarray(keys)).map(([v, missing]) => {
        const copy = { ...v };
        for (const k of missing.length ? missing : (s.required ?? keys)) delete copy[k];
        return copy;
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...EXTRA_KEYS), badValue)
        .map(([v, k, bad]) => ({ ...v, [k]: bad })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, key, fc.constantFrom(...Object.values(huge)))
        .map(([v, k, h]) => ({ ...v, [k]: h })),
    },
  );
}

/** Request bodies that are not JSON, or JSON no parser should take. */
export const BROKEN_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"\\uZZZZ"}',
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  '{"a":"\\',
  '{"a":1}{"b":2}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":-0}',
  '{"a":1e400}',
  '/* c */{}',
  '{"a":1 // c\n}',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  'null',
  '"texto"',
  '123',
  'true',
  '[]',
  '',
  ' ',
  '\u0000',
  '['.repeat(100_000),
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
];

/** A path parameter: URL-encoded text of a good value, or a segment meant to confuse routers and decoders. */
export const BAD_PATH_SEGMENTS = [
  '..',
  '.',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5C..%5Cwindows',
  '%2E%2E',
  'a%2Fb',
  'a%2fb%2f%2e%2e',
  '%00',
  'a%00b',
  '%',
  '%E0%A4%A',
  '%F0%9F%98',
  '%ED%A0%80',
  '%C0%AE%C0%AE%2F',
  '%uD800',
  '%FF%FE',
  encodeURIComponent('👨‍👩‍👧‍👦🇧🇷'),
  encodeURIComponent('\u202Eevil'),
  encodeURIComponent('<script>'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent(CANARY),
  '1e308',
  '-0',
  'NaN',
  '-1',
  '0',
  '0x10',
  '1.5',
  '9'.repeat(30),
  '9'.repeat(3001),
  'x'.repeat(2999),
  'x'.repeat(10_000),
  ';jsessionid=1',
  '%3Bx%3D1',
  '%20',
  '+',
];
