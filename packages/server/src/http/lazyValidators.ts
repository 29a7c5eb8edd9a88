/**
 * Request validators compiled on a route's first request instead of at start-up. Compiling the
 * server's 200 request schemas with ajv is most of a start-up (about a second of CPU), paid by every
 * instance, every rolling restart and every test file, while a process usually serves a fraction of
 * its routes soon after starting. The validator itself is Fastify's own (@fastify/ajv-compiler, same
 * options and plugins); only the moment it is compiled moves. `test/schemas.compile.test.ts` compiles
 * every route's schemas, so a schema ajv refuses still fails CI rather than a user's first request.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { storableKeywords } from './schemaRules.js';

/** The server's ajv: unknown properties removed (schemaRules.ts adds `additionalProperties: false` to
 * every request schema), union types allowed, and the two storable-value keywords. */
export const requestAjvOptions = {
  customOptions: { allowUnionTypes: true, removeAdditional: true },
  plugins: [storableKeywords as never],
};

type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type BuildValidator = (routeSchema: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;

/** A `schemaController.compilersFactory.buildValidator` whose validators compile when first called. */
export function lazyValidatorFactory(): (externalSchemas: unknown, options: unknown) => BuildValidator {
  const pool = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => BuildValidator;
  return (externalSchemas, options) => {
    const build = pool(externalSchemas, options);
    return (routeSchema) => {
      let compiled: Validate | undefined;
      const validate: Validate = (data, context) => {
        compiled ??= build(routeSchema);
        // Fastify passes the parent (the request) so ajv may coerce or strip a root value in place.
        const result = compiled(data, context);
        validate.errors = compiled.errors;
        return result;
      };
      // Tells Fastify to pass that parent, as it does for every ajv-compiled function.
      validate.schemaEnv = true;
      validate.errors = null;
      return validate;
    };
  };
}
