import { createMd5WorkerHandler, type Md5WorkerReply, type Md5WorkerRequest } from './md5WorkerProtocol.js';

/** The little of a dedicated worker's global scope used here (the DOM lib has no worker types). */
interface WorkerScope {
  postMessage(message: Md5WorkerReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Md5WorkerRequest>) => void): void;
}

// Hashing a 2 GB video takes seconds; doing it here keeps the page responsive meanwhile.
const scope = self as unknown as WorkerScope;
const handle = createMd5WorkerHandler((reply) => scope.postMessage(reply));
scope.addEventListener('message', (event) => handle(event.data));
