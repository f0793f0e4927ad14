// npm links `bin` entries itself, but a plain `npm run build` in a clone should leave an executable too.
import { chmodSync, existsSync } from 'node:fs';

const bin = new URL('../dist/bin/vigil.js', import.meta.url);
if (existsSync(bin)) chmodSync(bin, 0o755);
