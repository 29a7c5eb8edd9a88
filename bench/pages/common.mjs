// Page helpers shared by the bench pages.

/** A Blob of `size` deterministic pseudo-random bytes (xorshift32), built in 8 MB parts. */
export function makeBlob(size, seed = 0x9e3779b9, type = 'application/octet-stream') {
  const parts = [];
  let x = seed >>> 0 || 1;
  const part = 8 * 1024 * 1024;
  for (let made = 0; made < size; made += part) {
    const words = new Uint32Array(Math.ceil(Math.min(part, size - made) / 4));
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x >>> 0;
    }
    parts.push(new Uint8Array(words.buffer, 0, Math.min(part, size - made)));
    // Hand the bytes to the browser's blob store every 64 MB, so a 1 GB file never sits in the JS heap.
    if (parts.length === 8) parts.splice(0, parts.length, new Blob(parts));
  }
  return new Blob(parts, { type });
}
