; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-006.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 4 57) ((A true) (B true) (C 0) (D 0) (E 0) (F 0) (G 0) (H true) (I true) (J true)) main@sum.exit.split)
(step 3 (clause 6 102) ((CHC_COMP_UNUSED false)) false)
