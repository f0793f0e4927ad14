/** The engine registry: what the command line and the benchmarks read of the engines. */
import { describe, expect, it } from 'vitest';
import { ENGINES, ENGINE_NAMES, ENGINE_OPTIONS, engineFor, runsOn } from '../engines/registry.js';
import { inapplicable } from '../engines/engine.js';
import { FileError } from '../formalisms/frontends/index.js';

const problem = (formalism: 'cfa' | 'sts' | 'aiger', ...theories: ('bool' | 'int' | 'bv')[]) =>
  ({ file: `m.${formalism}`, formalism, theories: new Set(theories) });

describe('the engine registry', () => {
  it('lists each name once, in the order of --help, and each option once', () => {
    expect(ENGINE_NAMES).toEqual(['cegar', 'bmc', 'ic3', 'impact', 'kind', 'portfolio', 'termination']);
    const names = ENGINE_OPTIONS.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['domain', 'maxenum', 'refinement', 'search', 'predsplit', 'precgranularity', 'initprec', 'prunestrategy', 'encoding', 'bound', 'sweep', 'lcorr', 'ic3-ctg', 'ic3-ctp', 'ic3-dynamic', 'ic3-parent', 'ic3-drop-po', 'ic3-ternary', 'ic3-leaf-decisions', 'fcover', 'simplepath', 'invariants', 'members']);
  });

  it('chooses the default per formalism, and of two engines with one name the one that applies', () => {
    expect(engineFor(problem('cfa', 'int')).name).toBe('portfolio');
    expect(engineFor(problem('sts', 'int')).name).toBe('portfolio');
    expect(engineFor(problem('aiger', 'bool')).name).toBe('portfolio');
    const [bitLevel, wordLevel] = ENGINES.filter((e) => e.name === 'kind');
    expect(engineFor(problem('aiger', 'bool'), 'kind')).toBe(bitLevel);
    expect(engineFor(problem('sts', 'int'), 'kind')).toBe(wordLevel);
  });

  it('answers the termination property with the termination engine only', () => {
    expect(engineFor(problem('cfa', 'int'), undefined, 'termination').name).toBe('termination');
    expect(() => engineFor(problem('cfa', 'int'), 'cegar', 'termination')).toThrow(/--algorithm cegar answers safety properties, not termination/);
    expect(() => engineFor(problem('cfa', 'int'), 'termination')).toThrow(/--algorithm termination answers termination properties, not safety/);
  });

  it('says why an engine does not apply: the formalism, or a theory it does not handle', () => {
    expect(() => engineFor(problem('aiger', 'bool'), 'termination', 'termination')).toThrow(FileError);
    expect(() => engineFor(problem('aiger', 'bool'), 'termination', 'termination')).toThrow(/--algorithm termination checks control-flow automata only/);
    const ic3 = ENGINES.find((e) => e.name === 'ic3')!;
    expect(inapplicable(ic3, problem('aiger', 'bool', 'bv'))).toBe('does not handle bv variables');
  });

  it('tells the benchmarks which configurations run on which formalism before any model is read', () => {
    expect(runsOn('portfolio', 'cfa')).toBe(true);
    expect(runsOn('cegar', 'aiger')).toBe(true);
    expect(runsOn('kind', 'cfa')).toBe(true);
    expect(runsOn(undefined, 'aiger')).toBe(true);
  });
});
