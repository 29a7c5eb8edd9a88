/**
 * Tool documents (`<ds-tool-editor>`): the shapes client and server share, the document rules
 * (`limits.ts`, also enforced by the server) and the one client of the calls.
 */
export * from './types.js';
export { MAX_DOCUMENT_BYTES, checkDocument, checkDocumentText, type DocumentProblem } from './limits.js';
export { createToolsApi, type ToolsApi, type ToolsApiOptions } from './toolsApi.js';
