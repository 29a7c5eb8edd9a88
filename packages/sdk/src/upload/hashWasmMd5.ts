// hash-wasm's MD5 alone. Importing `hash-wasm` itself with a dynamic `import()` hands bundlers the
// whole module namespace, so every one of its WebAssembly hashes (SHA-2/3, BLAKE, Argon2, bcrypt,
// xxHash…: ~75 KB gz) was inlined into the hashing worker; a named static import here lets them be
// tree-shaken, and the dynamic import of this module keeps MD5 lazy for the main-thread fallback.
export { createMD5 } from 'hash-wasm';
