/** Rollup/rolldown plugin: relative dynamic imports that load again after a failed fetch (see the .mjs). */
export declare function retryableImports(options?: { late?: boolean }): {
  name: string;
  renderChunk?(code: string): { code: string; map: unknown } | null;
  generateBundle?: { order: 'post'; handler(options: unknown, bundle: Record<string, { type: string; code?: string }>): void };
};
