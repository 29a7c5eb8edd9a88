// Bare read of a Blob in slices (arrayBuffer only, nothing done with the bytes): the ceiling hashing
// is compared against, measured in a worker like the hashing itself.
self.addEventListener('message', async (event) => {
  const { file, sliceSize } = event.data;
  const started = performance.now();
  let bytes = 0;
  for (let at = 0; at < file.size; at += sliceSize) {
    const buffer = await file.slice(at, Math.min(file.size, at + sliceSize)).arrayBuffer();
    bytes += buffer.byteLength;
  }
  self.postMessage({ bytes, ms: performance.now() - started });
});
