/** The engine registry: what the command line, the portfolio and the benchmarks read of the engines. */
import { describe, expect, it } from 'vitest';
import { ENGINES, ENGINE_NAMES, ENGINE_OPTIONS, engineFor, parseEngineLine, runsOn } from '../../../engines/registry.js';
import { OptionError, inapplicable, type Offer } from '../../../engines/engine.js';
import type { PropertyKind } from '../../../formalisms/property-kinds.js';

const offer = (circuit: boolean, theories: ('bool' | 'int' | 'bv')[], kind: PropertyKind = 'safety'): Offer => ({ circuit, model: true, clauses: false, theories: new Set(theories), kind });

describe('the engine registry', () => {
  it('lists each name once, in the order of --help, and each option once', () => {
    expect(ENGINE_NAMES).toEqual(['cegar', 'bmc', 'ic3', 'sim', 'imc', 'impact', 'kind', 'pdkind', 'pdr', 'tpa', 'split-tpa', 'portfolio', 'termination', 'live', 'klive', 'lasso-bmc']);
    const names = ENGINE_OPTIONS.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['domain', 'maxenum', 'refinement', 'search', 'predsplit', 'precgranularity', 'initprec', 'prunestrategy', 'encoding', 'control', 'slice', 'sweep', 'lcorr', 'scorr', 'bound', 'level', 'ic3-ctg', 'ic3-ctp', 'ic3-dynamic', 'ic3-parent', 'ic3-drop-po', 'ic3-ternary', 'ic3-leaf-decisions', 'ic3-join', 'ic3-hypothesis', 'ic3-bve', 'ic3-justify', 'ic3-cells', 'sim-rounds', 'fcover', 'simplepath', 'invariants', 'pdr-lemmas', 'pdr-generalize', 'pdr-invariants', 'members', 'share']);
  });

  it('chooses the default per property kind, and of two engines with one name the one the task offers a view for', () => {
    expect(engineFor(offer(false, ['int'])).name).toBe('portfolio');
    expect(engineFor(offer(true, ['bool'])).name).toBe('portfolio');
    const [bitLevel, wordLevel] = ENGINES.filter((e) => e.name === 'kind');
    expect(engineFor(offer(true, ['bool']), 'kind')).toBe(bitLevel);
    expect(engineFor(offer(false, ['int']), 'kind')).toBe(wordLevel);
  });

  it('answers the termination property with the termination engine only', () => {
    expect(engineFor(offer(false, ['int'], 'termination')).name).toBe('termination');
    expect(() => engineFor(offer(false, ['int'], 'termination'), 'cegar')).toThrow(/--algorithm cegar answers safety properties, not termination/);
    expect(() => engineFor(offer(false, ['int']), 'termination')).toThrow(/--algorithm termination answers termination properties, not safety/);
  });

  it('answers justice properties of circuits with the liveness engines, and with the bit-level ones through liveness-to-safety', () => {
    const live = offer(true, ['bool'], 'liveness');
    expect(engineFor(live).name).toBe('live');
    expect(engineFor(live, 'klive').name).toBe('klive');
    for (const name of ['ic3', 'bmc', 'kind']) expect(engineFor(live, name).needs, name).toBe('circuit');
    expect(() => engineFor(live, 'cegar')).toThrow(/--algorithm cegar answers safety properties, not liveness/);
    expect(() => engineFor(live, 'portfolio')).toThrow(/answers safety properties, not liveness/);
    expect(() => engineFor(offer(true, ['bool']), 'klive')).toThrow(/--algorithm klive answers liveness properties, not safety/);
  });

  it('says why an engine does not apply: a view the task does not offer, or a theory it does not handle', () => {
    const bitLevel = ENGINES.find((e) => e.name === 'ic3' && e.needs === 'circuit')!;
    expect(inapplicable(bitLevel, offer(false, ['int']))).toBe('checks circuits only');
    const termination = ENGINES.find((e) => e.name === 'termination')!;
    expect(inapplicable(termination, offer(false, ['bv'], 'termination'))).toBe('does not handle bv variables');
    expect(() => engineFor(offer(false, ['bv'], 'termination'), 'termination')).toThrow(OptionError);
  });

  it('reads engine lines with the options the command line has', () => {
    expect(parseEngineLine('ic3 --ic3-ctg off')).toEqual({ name: 'ic3', settings: { 'ic3-ctg': 'off' } });
    expect(parseEngineLine(' cegar  --domain EXPL --refinement UNSAT_CORE ')).toEqual({ name: 'cegar', settings: { domain: 'EXPL', refinement: 'UNSAT_CORE' } });
    expect(() => parseEngineLine('ic3 --ic3-ctg maybe')).toThrow(/--ic3-ctg takes on, off, got 'maybe'/);
    expect(() => parseEngineLine('ic3 --domain EXPL')).toThrow(/--domain is not an option of ic3/);
    expect(() => parseEngineLine('spacer')).toThrow(/starts with one of/);
    expect(() => parseEngineLine('bmc --bound')).toThrow(/--bound needs a value/);
  });

  it('tells the benchmarks which configurations run on which files before any model is read', () => {
    expect(runsOn('portfolio', false)).toBe(true);
    expect(runsOn('cegar', true)).toBe(true);
    expect(runsOn('kind', false)).toBe(true);
    expect(runsOn(undefined, true)).toBe(true);
    expect(runsOn('termination', false, 'termination')).toBe(true);
    expect(runsOn('termination', false)).toBe(false);
  });
});
