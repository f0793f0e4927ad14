; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-157.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 12) (B 0) (C 12) (D 0) (v_4 0) (v_5 0) (v_6 0) (v_7 0)) (INV_MAIN_42 0 0 12 0 0 0 12 0))
(step 2 (clause 2 16) ((A 0) (B 5) (C 1) (D 0) (E 1) (F 0) (G 0) (H 12) (I 0) (J 0) (K 0) (L 12) (M 0)) (INV_MAIN_42 0 1 12 0 1 5 12 0))
(step 3 (clause 2 16) ((A 5) (B 10) (C 2) (D 5) (E 2) (F 0) (G 1) (H 12) (I 0) (J 1) (K 5) (L 12) (M 0)) (INV_MAIN_42 0 2 12 5 2 10 12 5))
(step 4 (clause 2 16) ((A 15) (B 15) (C 3) (D 15) (E 3) (F 0) (G 2) (H 12) (I 5) (J 2) (K 10) (L 12) (M 5)) (INV_MAIN_42 0 3 12 15 3 15 12 15))
(step 5 (clause 2 16) ((A 30) (B 20) (C 4) (D 30) (E 4) (F 0) (G 3) (H 12) (I 15) (J 3) (K 15) (L 12) (M 15)) (INV_MAIN_42 0 4 12 30 4 20 12 30))
(step 6 (clause 2 16) ((A 50) (B 25) (C 5) (D 50) (E 5) (F 0) (G 4) (H 12) (I 30) (J 4) (K 20) (L 12) (M 30)) (INV_MAIN_42 0 5 12 50 5 25 12 50))
(step 7 (clause 2 16) ((A 75) (B 30) (C 6) (D 75) (E 6) (F 0) (G 5) (H 12) (I 50) (J 5) (K 25) (L 12) (M 50)) (INV_MAIN_42 0 6 12 75 6 30 12 75))
(step 8 (clause 2 16) ((A 105) (B 35) (C 7) (D 105) (E 7) (F 0) (G 6) (H 12) (I 75) (J 6) (K 30) (L 12) (M 75)) (INV_MAIN_42 0 7 12 105 7 35 12 105))
(step 9 (clause 2 16) ((A 140) (B 40) (C 8) (D 140) (E 8) (F 0) (G 7) (H 12) (I 105) (J 7) (K 35) (L 12) (M 105)) (INV_MAIN_42 0 8 12 140 8 40 12 140))
(step 10 (clause 2 16) ((A 180) (B 45) (C 9) (D 180) (E 9) (F 0) (G 8) (H 12) (I 140) (J 8) (K 40) (L 12) (M 140)) (INV_MAIN_42 0 9 12 180 9 45 12 180))
(step 11 (clause 2 16) ((A 225) (B 50) (C 10) (D 225) (E 10) (F 0) (G 9) (H 12) (I 180) (J 9) (K 45) (L 12) (M 180)) (INV_MAIN_42 0 10 12 225 10 50 12 225))
(step 12 (clause 2 16) ((A 275) (B 10) (C 11) (D 275) (E 11) (F 0) (G 10) (H 12) (I 225) (J 10) (K 50) (L 12) (M 225)) (INV_MAIN_42 0 11 12 275 11 10 12 275))
(step 13 (clause 2 16) ((A 285) (B 15) (C 12) (D 330) (E 12) (F 0) (G 11) (H 12) (I 275) (J 11) (K 10) (L 12) (M 275)) (INV_MAIN_42 0 12 12 330 12 15 12 285))
(step 14 (clause 5 59) ((A 0) (B 12) (C 12) (D 330) (E 12) (F 15) (G 12) (H 285)) false)
