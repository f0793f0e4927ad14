; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-020.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 7) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 17) ((A 5) (B true) (C true) (D true) (E true) (F true)) main@verifier.error.split)
(step 3 (clause 3 33) ((CHC_COMP_UNUSED false)) false)
