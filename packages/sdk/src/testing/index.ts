export { createFakeClock, type FakeClock } from './fakeClock.js';
export { createFakeServer, ok, fail, type FakeServer, type FakeRequest, type FakeReply, type FakeHandler } from './fakeServer.js';
export { createMemoryStorage, createSharedMemory, type SharedMemory } from '../session/storage.js';
