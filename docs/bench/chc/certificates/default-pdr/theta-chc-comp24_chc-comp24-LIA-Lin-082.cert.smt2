; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-082.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 0) (B (- 1)) (C 0) (D 0)) (inv 0 0 (- 1) 0))
(step 2 (clause 3 27) ((A 0) (B (- 1)) (C 0) (D 0)) false)
