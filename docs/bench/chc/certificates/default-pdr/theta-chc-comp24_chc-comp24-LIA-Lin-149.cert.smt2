; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-149.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 0) (B 0) (C 1) (D 0) (E 0) (F 1)) (INV_MAIN_42 0 0 1 0 0 1))
(step 2 (clause 6 70) ((A 1) (B (- 2)) (C 1) (D 1) (E (- 2)) (F 1) (G 0) (H 0) (I 0) (J 0)) (INV_MAIN_23 1 (- 2) 1 1 (- 2) 1))
(step 3 (clause 5 58) ((A (- 1)) (B 1) (C 1) (D (- 2)) (E 1) (F 1) (G (- 2))) (INV_MAIN_42 (- 1) 1 1 (- 2) 1 1))
(step 4 (clause 9 110) ((A (- 1)) (B (- 2)) (C 1) (D 1) (E 1) (F 1)) CHC_COMP_FALSE)
(step 5 (clause 10 122) ((CHC_COMP_UNUSED false)) false)
