; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-191.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 11) ((A 1)) (inv_main3 1))
(step 2 (clause 9 101) ((A 1) (v_1 1) (v_2 1) (v_3 1)) (inv_main8 1 1 1 1))
(step 3 (clause 6 67) ((A 5) (B 2) (C 9) (D 1) (E 1) (F 1) (G 1)) (inv_main8 1 1 2 5))
(step 4 (clause 5 55) ((A 2) (B 0) (C 1) (D 5) (E 1) (v_5 0)) (inv_main14 1 1 0 5))
(step 5 (clause 10 112) ((A 0) (B 0) (C 1) (D 5) (E 1) (v_5 1) (v_6 1) (v_7 1)) (inv_main25 1 5 1 1 1))
(step 6 (clause 2 21) ((A 1) (B 0) (C 1) (D 5) (E 1) (F 1) (v_6 1)) (inv_main31 1 5 1 1 1))
(step 7 (clause 8 89) ((A 1) (B 1) (C 0) (D 5) (E 1) (F 1)) (inv_main37 1 5 1))
(step 8 (clause 11 124) ((A 1) (B 5) (C 1)) false)
