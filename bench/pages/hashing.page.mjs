// Hashing bench page: a disk-backed File given through an <input type=file>; a bare sliced read,
// then MD5 with each engine through the SDK's worker hash runner.
import { hashingBench } from './hashingBench.mjs';

globalThis.bench = hashingBench;
