// function-plot ships CommonJS with `exports.default`: bundlers in Node's mode (this package is
// "type": "module") hand over the exports object as the default import, others the function itself.
import * as lib from 'function-plot';

type Plot = typeof lib.default;
const mod = lib as unknown as { default: Plot | { default: Plot } };
export const functionPlot: Plot = typeof mod.default === 'function' ? mod.default : mod.default.default;
