; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-148.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A (- 15)) (B 0) (C 12) (D 0) (E 0) (F (- 15)) (G 12) (H 0)) (INV_MAIN_42 (- 15) 0 12 0 0 (- 15) 12 0))
(step 2 (clause 2 16) ((A (- 15)) (B 1) (C 12) (D (- 15)) (E 1) (F (- 10)) (G 12) (H (- 15)) (I 0) (J 0) (K 0) (L (- 15)) (M 0)) (INV_MAIN_42 (- 15) 1 12 (- 15) 1 (- 10) 12 (- 15)))
(step 3 (clause 2 16) ((A (- 15)) (B 2) (C 12) (D (- 25)) (E 2) (F (- 5)) (G 12) (H (- 25)) (I 1) (J (- 15)) (K 1) (L (- 10)) (M (- 15))) (INV_MAIN_42 (- 15) 2 12 (- 25) 2 (- 5) 12 (- 25)))
(step 4 (clause 2 16) ((A (- 15)) (B 3) (C 12) (D (- 30)) (E 3) (F 0) (G 12) (H (- 30)) (I 2) (J (- 25)) (K 2) (L (- 5)) (M (- 25))) (INV_MAIN_42 (- 15) 3 12 (- 30) 3 0 12 (- 30)))
(step 5 (clause 2 16) ((A (- 15)) (B 4) (C 12) (D (- 30)) (E 4) (F 5) (G 12) (H (- 30)) (I 3) (J (- 30)) (K 3) (L 0) (M (- 30))) (INV_MAIN_42 (- 15) 4 12 (- 30) 4 5 12 (- 30)))
(step 6 (clause 2 16) ((A (- 15)) (B 5) (C 12) (D (- 25)) (E 5) (F 10) (G 12) (H (- 25)) (I 4) (J (- 30)) (K 4) (L 5) (M (- 30))) (INV_MAIN_42 (- 15) 5 12 (- 25) 5 10 12 (- 25)))
(step 7 (clause 2 16) ((A (- 15)) (B 6) (C 12) (D (- 15)) (E 6) (F 15) (G 12) (H (- 15)) (I 5) (J (- 25)) (K 5) (L 10) (M (- 25))) (INV_MAIN_42 (- 15) 6 12 (- 15) 6 15 12 (- 15)))
(step 8 (clause 2 16) ((A (- 15)) (B 7) (C 12) (D 0) (E 7) (F 20) (G 12) (H 0) (I 6) (J (- 15)) (K 6) (L 15) (M (- 15))) (INV_MAIN_42 (- 15) 7 12 0 7 20 12 0))
(step 9 (clause 2 16) ((A (- 15)) (B 8) (C 12) (D 20) (E 8) (F 25) (G 12) (H 20) (I 7) (J 0) (K 7) (L 20) (M 0)) (INV_MAIN_42 (- 15) 8 12 20 8 25 12 20))
(step 10 (clause 2 16) ((A (- 15)) (B 9) (C 12) (D 45) (E 9) (F 30) (G 12) (H 45) (I 8) (J 20) (K 8) (L 25) (M 20)) (INV_MAIN_42 (- 15) 9 12 45 9 30 12 45))
(step 11 (clause 2 16) ((A (- 15)) (B 10) (C 12) (D 75) (E 10) (F 35) (G 12) (H 75) (I 9) (J 45) (K 9) (L 30) (M 45)) (INV_MAIN_42 (- 15) 10 12 75 10 35 12 75))
(step 12 (clause 3 34) ((A (- 15)) (B 11) (C 12) (D 110) (E 11) (F 10) (G 12) (H 110) (I 10) (J 75) (K 10) (L 75) (M 35)) (INV_MAIN_42 (- 15) 11 12 110 11 10 12 110))
(step 13 (clause 2 16) ((A (- 15)) (B 12) (C 12) (D 150) (E 12) (F 15) (G 12) (H 120) (I 11) (J 110) (K 11) (L 10) (M 110)) (INV_MAIN_42 (- 15) 12 12 150 12 15 12 120))
(step 14 (clause 7 98) ((A 150) (B 120) (C 12) (D 12) (E 12) (F 12) (G (- 15)) (H 15)) false)
