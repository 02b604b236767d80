/**
 * A plausible value for a route's declared schema, built from its JSON Schema (zod → JSON Schema):
 * the base that hostile-input tests mutate, so that a mutation reaches past the first check.
 */
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}

/** The JSON Schema of a zod schema as the client sends it (input side), or null. */
export function inputJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** The top-level field names of a schema (merged over unions and intersections). */
export function fieldNames(schema: JsonSchema | null): string[] {
  if (!schema) return [];
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) for (const n of fieldNames(part)) names.add(n);
  return [...names];
}

const STRING_BY_FORMAT: Record<string, string> = {
  email: 'prueba@campo.test',
  uri: 'https://campo.test/a',
  url: 'https://campo.test/a',
  date: '2031-01-15',
  'date-time': '2031-01-15T12:00:00.000Z',
};

/** Field names whose texts follow a pattern the JSON Schema cannot say: a value that passes. */
const STRING_BY_NAME: [RegExp, string][] = [
  [/^(generalities|beforeWork|duringWork|afterWork)$/, `<p>${'Texto del instructivo de prueba. '.repeat(5)}</p>`],
  [/^transactionDate$/, new Date().toISOString()],
  [/email/i, 'prueba@campo.test'],
  [/phone/i, '1144445555'],
  [/video/i, 'dQw4w9WgXcQ'],
  [/(url|img|image|link|surveymonkey)/i, 'https://campo.test/a'],
  [/(date|^from$|^to$)/i, '15/01/2031'],
  [/^latitude$/, '-34.60'],
  [/^longitude$/, '-58.38'],
  [/^amount$/, '10.00'],
  [/password/i, 'Campo#2026x'],
  [/(code|clientLocationId)/i, 'ABC123'],
];

/** A sample that follows the schema's types and simple bounds (patterns are not solved). */
export function sample(schema: JsonSchema | undefined, depth = 0, name = ''): Json {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sample(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1, name);
  if (schema.allOf?.length) {
    const merged: Record<string, Json> = {};
    for (const part of schema.allOf) Object.assign(merged, sample(part, depth + 1) as object);
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, depth + 1, key);
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => sample(s, depth + 1));
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(item, depth + 1, name));
    }
    case 'integer':
      return Math.max(1, Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? 1));
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return !/^(isRequired|campoRemote)$/.test(name);
    case 'string': {
      if (schema.format && STRING_BY_FORMAT[schema.format]) return STRING_BY_FORMAT[schema.format];
      const byName = STRING_BY_NAME.find(([re]) => re.test(name));
      if (byName) return byName[1];
      const length = Math.min(Math.max(schema.minLength ?? 1, 20), schema.maxLength ?? 20);
      return 'Texto de prueba'.padEnd(length, 'x').slice(0, length);
    }
    case 'null':
      return null;
    default:
      return 'x';
  }
}
