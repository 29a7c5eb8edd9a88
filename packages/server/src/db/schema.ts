/**
 * Drizzle view of every table created by `migrations/*.sql`, one file per domain under `schema/`. The
 * SQL files are the authority; `schema.test.ts` applies them and checks every table, column, type,
 * nullability, default and primary key against these definitions. Times are epoch milliseconds in
 * `bigint` columns read as numbers, so that PGlite and node-postgres hand back the same JavaScript types.
 */
import * as users from './schema/users.js';
import * as auth from './schema/auth.js';
import * as config from './schema/config.js';
import * as files from './schema/files.js';
import * as curriculum from './schema/curriculum.js';
import * as teachers from './schema/teachers.js';
import * as lessons from './schema/lessons.js';
import * as learning from './schema/learning.js';
import * as showcase from './schema/showcase.js';
import * as audit from './schema/audit.js';
import * as tags from './schema/tags.js';
import * as activities from './schema/activities.js';
import * as sso from './schema/sso.js';
import * as help from './schema/help.js';
import * as whiteboard from './schema/whiteboard.js';
import * as video from './schema/video.js';

export * from './schema/users.js';
export * from './schema/auth.js';
export * from './schema/config.js';
export * from './schema/files.js';
export * from './schema/curriculum.js';
export * from './schema/teachers.js';
export * from './schema/lessons.js';
export * from './schema/learning.js';
export * from './schema/showcase.js';
export * from './schema/audit.js';
export * from './schema/tags.js';
export * from './schema/activities.js';
export * from './schema/sso.js';
export * from './schema/help.js';
export * from './schema/whiteboard.js';
export * from './schema/video.js';

export const schema = { ...users, ...auth, ...config, ...files, ...curriculum, ...teachers, ...lessons, ...learning, ...showcase, ...audit, ...tags, ...activities, ...sso, ...help, ...whiteboard, ...video };
