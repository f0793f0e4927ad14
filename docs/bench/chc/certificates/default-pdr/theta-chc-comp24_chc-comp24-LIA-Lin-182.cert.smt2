; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-182.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 2)) (inv_main3 2))
(step 2 (clause 5 52) ((A 2) (v_1 2) (v_2 0)) (inv_main7 2 2 0))
(step 3 (clause 3 30) ((A 1) (B 2) (C 2) (D 7) (E 0)) (inv_main7 2 2 1))
(step 4 (clause 6 63) ((A 2) (B 2) (C 1) (D 0) (v_4 2) (v_5 0)) (inv_main19 2 1 2 0))
(step 5 (clause 4 41) ((A 2) (B 0) (C 2) (D 1) (E 0)) (inv_main24 2 1 0))
(step 6 (clause 8 85) ((A 0) (B 2) (C 1)) false)
