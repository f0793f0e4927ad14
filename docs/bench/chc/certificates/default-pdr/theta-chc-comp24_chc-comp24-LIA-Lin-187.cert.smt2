; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-187.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 1) (B (- 1))) (inv_main3 1 (- 1)))
(step 2 (clause 5 66) ((A 1) (B (- 1)) (v_2 1) (v_3 (- 1)) (v_4 0) (v_5 0) (v_6 0)) (inv_main12 1 (- 1) 1 (- 1) 0 0 0))
(step 3 (clause 4 51) ((A (- 1)) (B (- 1)) (C 1) (D 1) (E 11) (F 0) (G 0) (H 1) (I (- 1)) (J (- 1)) (K 0)) (inv_main12 1 (- 1) 1 (- 1) 1 (- 1) (- 1)))
(step 4 (clause 7 89) ((A 1) (B 0) (C (- 1)) (D 1) (E 1) (F (- 1)) (G (- 1)) (H (- 1)) (v_8 1) (v_9 (- 1)) (v_10 0) (v_11 (- 1)) (v_12 0)) (inv_main28 1 (- 1) (- 1) 1 (- 1) 0 (- 1) 0))
(step 5 (clause 6 77) ((A (- 1)) (B 0) (C 0) (D 1) (E (- 1)) (F (- 1)) (G 0) (H 1) (I (- 1))) (inv_main38 1 (- 1) (- 1) 0))
(step 6 (clause 8 101) ((A 1) (B (- 1)) (C 0) (D (- 1))) false)
