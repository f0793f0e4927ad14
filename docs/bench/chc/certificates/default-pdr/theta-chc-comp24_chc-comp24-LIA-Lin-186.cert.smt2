; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-186.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 0)) (inv_main3 0))
(step 2 (clause 5 52) ((A 0) (v_1 0) (v_2 0) (v_3 0)) (inv_main8 0 0 0 0))
(step 3 (clause 3 30) ((A 1) (B 1) (C 0) (D 0) (E 0) (F 0) (G 8)) (inv_main8 0 0 1 1))
(step 4 (clause 6 63) ((A 0) (B 1) (C 0) (D 1) (E 0) (v_5 0) (v_6 0) (v_7 0)) (inv_main19 0 1 0 0 0))
(step 5 (clause 4 41) ((A 0) (B 1) (C 0) (D 0) (E 0) (F 0)) (inv_main25 0 1 0))
(step 6 (clause 7 75) ((A 0) (B 1) (C 0)) false)
