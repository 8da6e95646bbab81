import { messages } from '@central/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Where `value` holds a U+0000, as a JSON pointer (`/subscription/endpoint`), or null. Walked without
 * recursion: a body may nest thousands of levels deep.
 */
export function nulPointer(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        // the key itself is not repeated: it is what the client sent
        if (key.includes('\u0000')) return at;
        pending.push([child, `${at}/${key}`]);
      }
    }
  }
  return null;
}

/**
 * The routes' zod validation, after one rule no schema states: no text may carry U+0000. No person
 * types it, and PostgreSQL's `text` cannot hold it (the insert fails: a 500 where a 400 belongs).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const at = nulPointer(data);
    if (at === null) return validate(data);
    return {
      error: [
        { keyword: 'nul', instancePath: at, schemaPath: '', params: {}, message: messages.invalidCharacters },
      ],
    };
  };
};
