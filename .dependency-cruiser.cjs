/**
 * Vigil's layers, checked in CI (`npm run lint:deps`): each layer imports only from itself and the
 * layers below it, and no module imports itself back through others. `app/` (the command's entry)
 * sits above all; tests and scripts are outside the layering.
 *   lang -> formalisms -> certificates -> engines, cegar -> cli -> bench -> app
 */
const LAYERS = ['lang', 'formalisms', 'certificates', 'engines|cegar', 'cli', 'bench', 'app'];

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `${layer.split('|')[0]}-imports-upward`,
  comment: `${layer} may import only from ${LAYERS.slice(0, i + 1).join(', ')}`,
  severity: 'error',
  from: { path: `^(${layer})/` },
  to: { path: `^(${LAYERS.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    { name: 'no-cycles', comment: 'a module must not import itself back through others', severity: 'error', from: {}, to: { circular: true } },
    ...upward,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|test|scripts)/' },
  },
};
