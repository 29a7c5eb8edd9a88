/**
 * Cloud lessons, once for every client: the shapes client and server share (`types.ts`: the server
 * answers with them and validates against them) and the one client of the calls (`createLessonsApi`),
 * which the portal's learning screens and `<ds-lesson-player>` both use. The server imports only the
 * shapes and the two enumerations.
 */
export * from './types.js';
export { createLessonsApi, type LessonsApi, type LessonsApiOptions } from './lessonsApi.js';
