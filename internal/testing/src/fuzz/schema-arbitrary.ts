import fc from 'fast-check';

/** A JSON Schema (draft 2020-12), as the OpenAPI generator writes it. */
export type Schema = Record<string, unknown>;

/** Resolves `#/components/schemas/…` references of the document a schema came from. */
export type Resolver = (ref: string) => Schema | undefined;

const MAX_DEPTH = 4;
/** Strings and arrays are kept short in valid input: length limits are what hostile input is for. */
const MAX_STRING = 40;
const MAX_ITEMS = 4;

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(
    minLength,
    Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : MAX_STRING, MAX_STRING),
  );
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= 255);
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'binary':
      return fc.string({ maxLength });
  }
  if (typeof schema.pattern === 'string') {
    try {
      // The pattern bounds the length itself; only a declared maxLength may cut it (a pattern asking for 80
      // characters, such as a push key, never met the short cap of plain text: the filter spun for ever).
      const declared = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= declared);
    } catch {
      // A pattern fast-check cannot read falls back to plain text.
    }
  }
  return fc.string({
    minLength,
    maxLength,
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -_.@'.split('')),
  });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : -1000;
  const high =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : 100_000;
  const min = Math.max(low, Number.MIN_SAFE_INTEGER);
  const max = Math.min(Math.max(high, min), Number.MAX_SAFE_INTEGER);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * An arbitrary of values a JSON Schema accepts (as far as JSON Schema can say: refinements such as "the two
 * passwords match" are the server's to check, so some of these values are refused, which is fine for fuzzing).
 */
export function validValueOf(schema: Schema, resolve: Resolver, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? validValueOf(target, resolve, depth + 1) : fc.constant(null);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length)
      return fc.oneof(...(options as Schema[]).map((option) => validValueOf(option, resolve, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length)
    return validValueOf({ ...(schema.allOf[0] as Schema), ...schema, allOf: undefined }, resolve, depth + 1);
  const types = typesOf(schema);
  if (!types.length) {
    if (schema.properties) return objectArbitrary(schema, resolve, depth);
    return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(schema);
        case 'integer':
          return numberArbitrary(schema, true);
        case 'number':
          return numberArbitrary(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = (schema.items ?? {}) as Schema;
          const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
          const maxLength = Math.max(
            minLength,
            Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : MAX_ITEMS, MAX_ITEMS),
          );
          return fc.array(validValueOf(items, resolve, depth + 1), { minLength, maxLength });
        }
        default:
          return objectArbitrary(schema, resolve, depth);
      }
    }),
  );
}

function objectArbitrary(
  schema: Schema,
  resolve: Resolver,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    model[name] = validValueOf(property, resolve, depth + 1);
  if (!Object.keys(model).length) return fc.constant({});
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
}

/** A value of another JSON type than the schema's: a number for a string, text for a number, and so on. */
export function wrongTypeOf(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string')) candidates.push(fc.constantFrom('abc', '', '0x10', 'true', 'null'));
  if (!types.includes('number') && !types.includes('integer'))
    candidates.push(fc.constantFrom(0, -1, 1.5, 1e308, -2147483649));
  if (!types.includes('boolean')) candidates.push(fc.boolean());
  if (!types.includes('array')) candidates.push(fc.constant([1, 'two', null]));
  if (!types.includes('object')) candidates.push(fc.constant({ nested: { value: 1 } }));
  if (!types.includes('null')) candidates.push(fc.constant(null));
  return fc.oneof(...candidates);
}

/**
 * A valid object with one field wrong: of the wrong type, missing while required, or present while unknown.
 * For a schema that is not an object, the whole value is of the wrong type.
 */
export function almostValidOf(schema: Schema, resolve: Resolver): fc.Arbitrary<unknown> {
  const resolved = typeof schema.$ref === 'string' ? (resolve(schema.$ref) ?? schema) : schema;
  const properties = Object.entries((resolved.properties ?? {}) as Record<string, Schema>);
  if (!properties.length) return wrongTypeOf(resolved);
  const required = new Set((resolved.required ?? []) as string[]);
  return fc
    .tuple(validValueOf(resolved, resolve), fc.nat({ max: properties.length - 1 }), fc.nat({ max: 2 }))
    .chain(([value, index, how]) => {
      const [name, property] = properties[index]!;
      const base = { ...(value as Record<string, unknown>) };
      if (how === 0 && required.has(name)) {
        delete base[name];
        return fc.constant(base);
      }
      if (how === 1)
        return fc.string({ maxLength: 8 }).map((extra) => ({ ...base, [`unknown_${extra}`]: 'surprise' }));
      return wrongTypeOf(property).map((wrong) => ({ ...base, [name]: wrong }));
    });
}

/** A string nothing legitimate sends: control characters, NUL, lone surrogates, right-to-left marks, SQL and HTML. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e\u0000\u0007',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, sent as a literal string.
    '${jndi:ldap://x}',
    '{{7*7}}',
    '𝕳𝖊𝖑𝖑𝖔',
    ' ',
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
);

/** A string of 100 KB to 1.2 MB: beyond every field limit, around the body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(100_000, 600_000, 1_200_000), fc.constantFrom('a', '\u0000', 'é', '🎵'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
