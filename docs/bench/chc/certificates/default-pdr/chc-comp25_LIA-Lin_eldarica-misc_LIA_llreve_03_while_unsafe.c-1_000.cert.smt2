; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/03_while_unsafe.c-1_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 1) (B (- 1))) (inv_main3 1 (- 1)))
(step 2 (clause 4 44) ((A (- 1)) (B 1) (v_2 1) (v_3 (- 1)) (v_4 0) (v_5 0) (v_6 0)) (inv_main12 1 (- 1) 1 (- 1) 0 0 0))
(step 3 (clause 3 30) ((A (- 1)) (B (- 1)) (C 1) (D 0) (E (- 1)) (F 1) (G 1) (H 0) (I 0) (J (- 1))) (inv_main12 1 (- 1) 1 (- 1) 1 (- 1) (- 1)))
(step 4 (clause 6 66) ((A (- 1)) (B (- 1)) (C 1) (D 1) (E 1) (F (- 1)) (G (- 1)) (v_7 1) (v_8 (- 1)) (v_9 0) (v_10 0) (v_11 0)) (inv_main26 1 (- 1) (- 1) 1 (- 1) 0 0 0))
(step 5 (clause 2 19) ((A 0) (B 5) (C 1) (D (- 1)) (E 0) (F (- 1)) (G 1) (H 0) (I 1) (J 0) (K (- 1))) (inv_main26 1 (- 1) (- 1) 1 (- 1) 1 5 0))
(step 6 (clause 5 55) ((A (- 1)) (B 1) (C (- 1)) (D 1) (E 5) (F 1) (G 0) (H (- 1))) (inv_main31 1 (- 1) (- 1) 0))
(step 7 (clause 7 78) ((A (- 1)) (B (- 1)) (C 0) (D 1)) false)
