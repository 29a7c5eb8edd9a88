/**
 * The works review of resource-collection activities, once for every client: decisions, review rules,
 * reviewer assignments, the reviewer's work rows, decisions and the trace.
 */
export * from './codes.js';
export * from './types.js';
export * from './statistics.js';
export { DEFAULT_REVIEW_RULES, OPINION_MAX_CHARS, RUBRIC_MAX_ITEMS, TEMPLATE_MAX_CHARS, TEMPLATES_MAX } from './reviewRules.js';
export * from './reviewer.js';
