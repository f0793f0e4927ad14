/**
 * The kinds of property Vigil checks, as data: what a verdict is called when a property of the
 * kind holds or fails, the exit code of each, which certificate kinds prove each answer, and how the
 * summaries show that certificate (the invariant per location, the counterexample as a trace, or the
 * lines of the certificate text). The human output, the verdict panel, the terminal interface, the
 * JSON schema and the benchmarks read this table and nothing else about kinds, so a new kind
 * is one entry here and the certificate types it names.
 */

/** How a summary shows a certificate: per location, as a trace of the model, or as the certificate's text. */
type Shown = 'invariant' | 'trace' | 'text';

interface KindSpec {
  /** The verdict word when the property holds, and when it fails. */
  readonly holds: string;
  readonly fails: string;
  /** The certificate kinds that prove each answer (formalisms/certificate.ts). */
  readonly certificates: { readonly holds: readonly string[]; readonly fails: readonly string[] };
  /** How the summaries show each answer's certificate. */
  readonly shows: { readonly holds: Shown; readonly fails: Shown };
  /** One line for `--help` and messages: what the property says. */
  readonly says: string;
}

export const PROPERTY_KINDS = {
  safety: {
    holds: 'safe',
    fails: 'unsafe',
    certificates: { holds: ['invariant', 'k-invariant', 'latch-clauses', 'k-induction'], fails: ['trace', 'run'] },
    shows: { holds: 'invariant', fails: 'trace' },
    says: 'no bad state is reachable',
  },
  termination: {
    holds: 'terminating',
    fails: 'nonterminating',
    certificates: { holds: ['transition-invariant'], fails: ['recurrent-set', 'lasso-run'] },
    shows: { holds: 'text', fails: 'text' },
    says: 'every run is finite',
  },
  liveness: {
    holds: 'live',
    fails: 'nonlive',
    certificates: { holds: ['l2s-invariant', 'l2s-k-induction', 'k-liveness'], fails: ['lasso'] },
    shows: { holds: 'text', fails: 'trace' },
    says: 'no fair run meets every literal of the justice set infinitely often',
  },
} as const satisfies Record<string, KindSpec>;

export type PropertyKind = keyof typeof PROPERTY_KINDS;

/** One property of a file: a verification task of its own. */
export interface Property {
  readonly name: string;
  readonly kind: PropertyKind;
  /** Position among the problem's properties. */
  readonly index: number;
}
export const KIND_NAMES = Object.keys(PROPERTY_KINDS) as PropertyKind[];

type Kinds = typeof PROPERTY_KINDS;
/** The verdict words of one kind. */
export type HoldsVerdict<K extends PropertyKind = PropertyKind> = Kinds[K]['holds'];
export type FailsVerdict<K extends PropertyKind = PropertyKind> = Kinds[K]['fails'];
/** Every verdict a property can get. */
export type Verdict = HoldsVerdict | FailsVerdict | 'unknown';

/** The exit codes of `vigil check`: a property that fails wins over one unknown, which wins over one that holds. */
export const EXIT = { holds: 0, fails: 1, input: 2, unknown: 3, internal: 4 } as const;

/** Every verdict word, in the order of the kinds (the JSON schema's list). */
export const VERDICTS: readonly Verdict[] = [...KIND_NAMES.flatMap((k) => [PROPERTY_KINDS[k].holds, PROPERTY_KINDS[k].fails]), 'unknown'];

/** The answer a verdict gives: the property holds, fails, or is unknown. */
export function answerOf(v: Verdict): 'holds' | 'fails' | 'unknown' {
  if (v === 'unknown') return 'unknown';
  return KIND_NAMES.some((k) => PROPERTY_KINDS[k].fails === v) ? 'fails' : 'holds';
}

/** Whether the verdict says a property fails. */
export function fails(v: Verdict): boolean {
  return answerOf(v) === 'fails';
}

/** The exit code of a verdict. */
export function exitCode(v: Verdict): number {
  return EXIT[answerOf(v)];
}

/**
 * How the summaries show the certificate of a verdict: as its kind shows them, except a derivation
 * of false from a nonlinear clause system, a tree that no table of steps draws, which is shown as
 * text.
 */
export function shownAs(v: Exclude<Verdict, 'unknown'>, certificate?: { readonly kind: string }): Shown {
  if (certificate?.kind === 'derivation') return 'text';
  const k = KIND_NAMES.find((x) => PROPERTY_KINDS[x].holds === v || PROPERTY_KINDS[x].fails === v)!;
  return PROPERTY_KINDS[k].shows[answerOf(v) as 'holds' | 'fails'];
}
