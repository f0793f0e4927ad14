/**
 * `--witness FILE`: the HWMCC witness of a verdict on an AIGER circuit (the format of the AIGER
 * tools' `aigsim -w` and the competitions): for UNSAFE, `1`, the violated property `bN`, the initial
 * latch values, one input vector per step, `.`; for SAFE, `0`, `bN`, `.`; for UNKNOWN, `2`, `bN`,
 * `.`. Latches and inputs are in file order. The verdict's trace is over the STS of the reduced
 * circuit whatever the engine (bit-level, or CEGAR and BMC on the STS), so its variables are mapped
 * back to file positions by name; what the reductions dropped gets its reset value (0 when
 * uninitialised) or, for inputs, 0: it cannot influence the property.
 */
import type { Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { Verdict } from '../../engines/verdict.js';
import type { Circuit } from './circuit.js';

function bit(v: Expr | undefined): string {
  return v?.op === 'lit' && v.value === true ? '1' : '0';
}

export function aigerWitness(circuit: Circuit, model: Interpreter, verdict: Verdict): string {
  const { file, sts } = circuit;
  const property = `b${sts.property.index}`;
  if (verdict.result !== 'unsafe') return `${verdict.result === 'safe' ? 0 : 2}\n${property}\n.\n`;
  const byName = new Map(model.vars.map((v) => [v.name, v]));
  const valueOf = (decl: { name: string } | undefined, state: number): Expr | undefined => {
    const v = decl && byName.get(decl.name);
    return v && verdict.trace.states[state]!.vals.get(v);
  };
  const latches = file.latches.map((l, k) => {
    const v = valueOf(sts.latches.get(k), 0);
    return v ? bit(v) : l.reset === 1 ? '1' : '0';
  }).join('');
  const steps = verdict.trace.states.map((_, t) => file.inputs.map((_, k) => bit(valueOf(sts.inputs.get(k), t))).join(''));
  return ['1', property, latches, ...steps, '.', ''].join('\n');
}
