/** Rollup/Vite plugin: Excalidraw's font fallback on esm.sh becomes our own copy (see the .mjs). */
export declare function excalidrawOwnFonts(): { name: string; transform(code: string, id: string): { code: string; map: null } | null };
