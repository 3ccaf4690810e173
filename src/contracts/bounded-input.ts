/**
 * Every string and array a request body may carry has a maximum: one request with a 16,000-entry array held a
 * PostgreSQL transaction for 15 s, and a string without a cap is only held back by the 1 MB body limit. The API test
 * that walks every route's body schema uses `unboundedInputs` to find a field without one.
 */
import type { z } from 'zod';

interface Internals {
  def: {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
    element?: z.ZodType;
    shape?: Record<string, z.ZodType>;
    options?: z.ZodType[];
    left?: z.ZodType;
    right?: z.ZodType;
    items?: z.ZodType[];
    rest?: z.ZodType | null;
    keyType?: z.ZodType;
    valueType?: z.ZodType;
    catchall?: z.ZodType;
    getter?: () => z.ZodType;
    checks?: { _zod: { def: { check: string } } }[];
  };
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;

/** A `.max(n)` or `.length(n)` among the schema's checks. */
const hasMaximum = (def: Internals['def']) =>
  (def.checks ?? []).some((check) => ['max_length', 'length_equals'].includes(check._zod.def.check));

/** The paths (`settings[].kind`, `code`) of the strings and arrays in `schema` that have no maximum length. */
export function unboundedInputs(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = internals(schema);
  const walk = (inner: z.ZodType | null | undefined, at = path) => (inner ? unboundedInputs(inner, at, seen) : []);
  switch (def.type) {
    case 'string':
      return hasMaximum(def) ? [] : [path || '(body)'];
    case 'array':
      return [...(hasMaximum(def) ? [] : [`${path}[]`]), ...walk(def.element, `${path}[]`)];
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).flatMap(([key, value]) => walk(value, path ? `${path}.${key}` : key)),
        ...walk(def.catchall, `${path}.*`),
      ];
    case 'record':
      return [`${path}{}`];
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, `${path}[${i}]`)), ...walk(def.rest, `${path}[]`)];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe': {
      // A value must pass both sides, so a bound on either holds; a transform (preprocess) checks nothing.
      const isTransform = (side?: z.ZodType) => side !== undefined && internals(side).def.type === 'transform';
      if (isTransform(def.in)) return walk(def.out);
      if (isTransform(def.out)) return walk(def.in);
      const after = new Set(unboundedInputs(def.out!, path, new Set(seen)));
      return walk(def.in).filter((at) => after.has(at));
    }
    case 'lazy':
      return walk(def.getter?.());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    default:
      // numbers, booleans, enums, literals, dates: bounded by their kind.
      return [];
  }
}
