/** Ids of rows created through the API: a short prefix naming the kind, then 16 random hex digits. */
import { randomBytes } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}-${randomBytes(8).toString('hex')}`;

/** What path, query and body ids must look like (seed ids such as `ls-0001-7f3a9c2e5b81d406`, `bk-213-1a-01` included). */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const idSchema = { type: 'string', pattern: ID_PATTERN } as const;
