; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-185.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 10) ((A 2)) (inv_main3 2))
(step 2 (clause 7 75) ((A 2) (v_1 2) (v_2 0) (v_3 2)) (inv_main8 2 2 0 2))
(step 3 (clause 3 31) ((A 1) (B 2) (C 2) (D 2) (E 2) (F 0)) (inv_main8 2 2 2 1))
(step 4 (clause 3 31) ((A 0) (B 4) (C 2) (D 2) (E 1) (F 2)) (inv_main8 2 2 4 0))
(step 5 (clause 4 42) ((A 2) (B 2) (C 0) (D 4) (v_4 0)) (inv_main14 2 4 0 2))
(step 6 (clause 5 53) ((A 1) (B 4) (C 4) (D 2) (E 2) (F 0)) (inv_main14 2 4 4 1))
(step 7 (clause 5 53) ((A 0) (B 8) (C 4) (D 2) (E 1) (F 4)) (inv_main14 2 4 8 0))
(step 8 (clause 8 86) ((A 4) (B 2) (C 0) (D 8) (v_4 2) (v_5 0) (v_6 2)) (inv_main23 2 8 2 0 2))
(step 9 (clause 2 20) ((A 1) (B 2) (C 8) (D 2) (E 2) (F 0) (G 2)) (inv_main23 2 8 2 2 1))
(step 10 (clause 2 20) ((A 0) (B 4) (C 8) (D 2) (E 2) (F 2) (G 1)) (inv_main23 2 8 2 4 0))
(step 11 (clause 6 64) ((A 8) (B 2) (C 2) (D 4) (E 0)) (inv_main27 2 8 4))
(step 12 (clause 9 97) ((A 8) (B 2) (C 4)) false)
