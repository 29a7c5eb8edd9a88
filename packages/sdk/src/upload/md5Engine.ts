/** A running MD5 computation: bytes in, lower-case hex out. */
export interface Md5Hasher {
  update(bytes: Uint8Array): void;
  digest(): string;
}

/**
 * An MD5 implementation. hash-wasm is the default (several times faster); spark-md5 is plain
 * JavaScript for pages whose Content-Security-Policy forbids WebAssembly.
 */
export interface Md5Engine {
  readonly name: string;
  create(): Md5Hasher | Promise<Md5Hasher>;
}

export const hashWasmEngine: Md5Engine = {
  name: 'hash-wasm',
  async create() {
    const { createMD5 } = await import('./hashWasmMd5.js');
    const md5 = await createMD5();
    md5.init();
    return {
      update: (bytes) => void md5.update(bytes),
      digest: () => md5.digest('hex'),
    };
  },
};

export const sparkMd5Engine: Md5Engine = {
  name: 'spark-md5',
  async create() {
    const { default: SparkMD5 } = await import('spark-md5');
    const spark = new SparkMD5.ArrayBuffer();
    return {
      update: (bytes) => void spark.append(toArrayBuffer(bytes)),
      digest: () => spark.end(),
    };
  },
};

export const MD5_ENGINES: Readonly<Record<string, Md5Engine>> = Object.freeze({
  [hashWasmEngine.name]: hashWasmEngine,
  [sparkMd5Engine.name]: sparkMd5Engine,
});

/** Creates a hasher with the preferred engine, falling back to the next one when it cannot start. */
export async function createHasher(engines: readonly Md5Engine[]): Promise<Md5Hasher> {
  let lastError: unknown = new Error('No MD5 engine configured');
  for (const engine of engines) {
    try {
      return await engine.create();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return bytes.slice().buffer;
}
