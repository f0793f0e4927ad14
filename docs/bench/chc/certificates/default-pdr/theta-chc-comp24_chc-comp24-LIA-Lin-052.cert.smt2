; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-052.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A false) (B true) (C false) (D false) (E false) (F true) (G true) (H false)) (state false false true false false true false true))
(step 2 (clause 3 40) ((A false) (B true) (C false) (D false) (E false) (F true) (G true) (H false)) false)
