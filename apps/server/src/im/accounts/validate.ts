// Turns the first TypeBox error of a value into a sentence that names the parameter, the way NIM
// answers a bad parameter ("missing parameter accid", "parameter name is too long ...").
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { FastifyInstance } from 'fastify';
import { lazily } from '../../lazy-compile.ts';

export interface Problem {
  /** The parameter at fault (a dotted path for nested values, '' for the whole value). */
  field: string;
  message: string;
}

export function compile<T extends TSchema>(schema: T): TypeCheck<T> {
  return TypeCompiler.Compile(schema);
}

function describe(error: ValueError, field: string): string {
  const schema = error.schema as TSchema & { description?: string };
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return `missing parameter ${field}`;
    case ValueErrorType.ObjectAdditionalProperties:
      return `parameter ${field} is not supported`;
    case ValueErrorType.StringMaxLength:
      return `parameter ${field} is too long (at most ${schema.maxLength} characters)`;
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? `parameter ${field} must not be empty`
        : `parameter ${field} is too short (at least ${schema.minLength} characters)`;
    case ValueErrorType.ArrayMaxItems:
      return `parameter ${field} has too many items (at most ${schema.maxItems})`;
    default:
      return schema.description
        ? `parameter ${field} is invalid: ${schema.description}`
        : `parameter ${field} is invalid: ${error.message.toLowerCase()}`;
  }
}

/** The first problem with `value`, or undefined when it matches the schema. */
export function firstProblem(check: TypeCheck<TSchema>, value: unknown): Problem | undefined {
  if (check.Check(value)) return undefined;
  // Required-property errors come out after type errors of present ones; report a missing
  // parameter first, since it is usually the first thing to fix.
  const errors = [...check.Errors(value)];
  const error = errors.find((e) => e.type === ValueErrorType.ObjectRequiredProperty) ?? errors[0];
  if (!error) return { field: '', message: 'invalid parameters' };
  const field = error.path.replace(/^\//, '').replaceAll('/', '.');
  return { field, message: describe(error, field || 'body') };
}

/**
 * A Fastify validator compiler on TypeBox: no type coercion (a JSON `true` stays a boolean) and
 * the first problem turned into the caller's error, so each API answers in its own convention.
 */
export function typeBoxValidatorCompiler(
  scope: FastifyInstance,
  toError: (problem: Problem) => Error,
) {
  return ({ schema }: { schema: TSchema }) =>
    lazily(scope, () => {
      const check = compile(schema);
      return (data: unknown) => {
        const value = data ?? {};
        const problem = firstProblem(check, value);
        return problem ? { error: toError(problem) } : { value };
      };
    });
}
