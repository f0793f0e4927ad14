; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-205.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 4 50) ((A 0) (B 0) (C 0) (D 0) (E 1) (F 0) (v_6 0) (v_7 0)) (INV1 0 0 0 0 1 0 0 0))
(step 2 (clause 1 6) ((A 0) (B 0) (C 0) (D 0) (E 0) (F 2) (G 0) (H 0) (I 1) (J 0)) (INV1 0 0 0 0 0 2 0 0))
(step 3 (clause 5 60) ((A 0) (B 2) (C 0) (D 0) (E 0) (F 0) (G 0) (H 0)) false)
