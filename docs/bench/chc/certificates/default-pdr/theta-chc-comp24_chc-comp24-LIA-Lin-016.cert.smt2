; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-016.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 7)) (main@entry 7))
(step 2 (clause 2 18) ((A 7) (B 7) (C true) (D false) (E 0) (F true) (G true) (H 1) (I 4) (J 0) (K 1)) (main@.lr.ph 4 0 1))
(step 3 (clause 3 38) ((A 0) (B false) (C 2) (D 1) (E true) (F 2) (G 2) (H 2) (I true) (J true) (K 2) (L 4) (M 2) (N 2)) (main@.lr.ph 4 2 2))
(step 4 (clause 3 38) ((A 2) (B false) (C 4) (D 2) (E true) (F 4) (G 3) (H 4) (I true) (J true) (K 3) (L 4) (M 4) (N 3)) (main@.lr.ph 4 4 3))
(step 5 (clause 3 38) ((A 4) (B false) (C 6) (D 3) (E true) (F 6) (G 4) (H 6) (I true) (J true) (K 4) (L 4) (M 6) (N 4)) (main@.lr.ph 4 6 4))
(step 6 (clause 5 85) ((A 6) (B true) (C 8) (D 5) (E 4) (F false) (G (- 10)) (H true) (I (- 10)) (J (- 10)) (K true) (L (- 10)) (M 4) (N 8) (O (- 10)) (P false) (Q false) (R false) (S false) (T true) (U true) (V true)) main@orig.main.exit.split)
(step 7 (clause 6 116) ((CHC_COMP_UNUSED false)) false)
