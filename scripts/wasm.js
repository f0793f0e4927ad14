// `npm run wasm FILE.wat`: prints the WebAssembly module of a text-format file, base64-encoded, as
// the modules that embed one hold it (engines/aiger/random-sim.ts). wabt is the WebAssembly
// project's own assembler; test/unit/engines/random-sim.test.ts checks the embedded module the same way.
import { readFileSync } from 'node:fs';
import wabtInit from 'wabt';

const file = process.argv[2];
const wabt = await wabtInit();
const module = wabt.parseWat(file, readFileSync(file, 'utf8'), { bulk_memory: true });
console.log(Buffer.from(module.toBinary({}).buffer).toString('base64'));
module.destroy();
