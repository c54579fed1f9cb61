/**
 * A validator compiled on its first use instead of when it is declared. The server declares
 * about a thousand (every event's param and answer, every entity's create and update, every
 * settings document); compiling them all before listening took a quarter of the start-up, while
 * a running server uses a fraction of them. The first call of each pays its compilation once.
 */
import type { ValidateFunction } from 'ajv';

export function lazyValidator(schema: object, compile: (schema: object) => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = function (this: unknown, data: unknown) {
    compiled ??= compile(schema);
    const ok = compiled.call(this, data);
    validate.errors = compiled.errors;
    return ok;
  } as ValidateFunction;
  validate.errors = null;
  // What the generated documents read (server/docs/openapi.ts) is the schema, known without compiling.
  (validate as { schema: unknown }).schema = schema;
  return validate;
}

