; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/_6countern_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A false) (B 0) (C 3) (D 4) (E 0)) (state 0 0 false 3 4))
(step 2 (clause 3 34) ((A false) (B 0) (C 3) (D 4) (E 0)) false)
