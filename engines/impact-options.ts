/**
 * The options of IMPACT (engines/impact.ts), apart from it so that listing engines loads nothing:
 * forced covering on or off (the seed's fcover^IMPACT against fcover^id), and the search order,
 * CEGAR's `--search` restricted to the two orders an unwinding is expanded in.
 */
import { CEGAR_OPTIONS } from '../cegar/options.js';
import { OptionError, type EngineOption, type Settings } from './engine.js';

export const FCOVER: EngineOption = {
  name: 'fcover',
  group: 'IMPACT options:',
  help: 'impact: forced covering, strengthening a node\'s path so that an earlier node covers it (default: on)',
  choices: ['on', 'off'],
};

/** CEGAR's option: one `--search` for both engines. */
export const SEARCH: EngineOption = CEGAR_OPTIONS.find((o) => o.name === 'search')!;

export interface ImpactSettings {
  readonly forcedCovering: boolean;
  readonly search: 'DFS' | 'BFS';
}

const DEFAULT_SEARCH = 'DFS';

export function impactSettings(s: Settings): ImpactSettings {
  const search = s.search ?? DEFAULT_SEARCH;
  if (search !== 'DFS' && search !== 'BFS') throw new OptionError(`--search ${search}: impact expands its unwinding in DFS or BFS order only`);
  return { forcedCovering: (s.fcover ?? 'on') === 'on', search };
}
