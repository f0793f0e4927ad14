/** SVG drawings of Graphviz graphs (formalisms/dot.ts), by Graphviz compiled to WebAssembly, loaded only when asked for. */
import { importEsm } from '../esm.js';

/** SVG rendered by Graphviz compiled to WebAssembly (@viz-js/viz, an ES module: cli/esm.ts). */
export async function svg(dot: string): Promise<string> {
  const { instance } = await importEsm<typeof import('@viz-js/viz')>('@viz-js/viz');
  return (await instance()).renderString(dot, { format: 'svg' });
}
