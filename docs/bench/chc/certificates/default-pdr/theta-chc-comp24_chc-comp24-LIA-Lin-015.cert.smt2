; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-015.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 7) ((A 4)) (main@entry 4))
(step 2 (clause 2 17) ((A 4) (B 4) (C false) (D true) (E true)) main@entry.split)
(step 3 (clause 3 28) ((CHC_COMP_UNUSED false)) false)
