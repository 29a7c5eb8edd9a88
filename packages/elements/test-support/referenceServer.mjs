// The browser tests use the repository's one reference-server starter.
export { freePort, startReferenceServer } from '../../../scripts/reference-server.mjs';
