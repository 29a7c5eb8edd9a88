/** Column helpers shared by every table file: times are epoch milliseconds in `bigint`, read as numbers. */
import { bigint } from 'drizzle-orm/pg-core';

export const epoch = (name: string) => bigint(name, { mode: 'number' });
/** A `bigint` holding a size, an offset or a file id: numbers on both drivers. */
export const bigNumber = (name: string) => bigint(name, { mode: 'number' });
