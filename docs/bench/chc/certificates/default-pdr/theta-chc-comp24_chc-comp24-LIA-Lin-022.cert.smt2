; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-022.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 7)) (main@entry 7))
(step 2 (clause 2 18) ((A 7) (B 7) (C 1) (D true) (E true) (F 0) (G 4) (H 0) (I 1)) (main@_bb 4 0 1))
(step 3 (clause 3 35) ((A true) (B false) (C 0) (D false) (E 2) (F 1) (G 2) (H 2) (I 2) (J true) (K true) (L 2) (M 4) (N 2) (O 2)) (main@_bb 4 2 2))
(step 4 (clause 3 35) ((A true) (B false) (C 2) (D false) (E 4) (F 2) (G 3) (H 4) (I 3) (J true) (K true) (L 4) (M 4) (N 4) (O 3)) (main@_bb 4 4 3))
(step 5 (clause 3 35) ((A true) (B false) (C 4) (D false) (E 6) (F 3) (G 4) (H 6) (I 4) (J true) (K true) (L 6) (M 4) (N 6) (O 4)) (main@_bb 4 6 4))
(step 6 (clause 3 35) ((A true) (B false) (C 6) (D true) (E 8) (F 4) (G 5) (H (- 10)) (I 5) (J true) (K true) (L (- 10)) (M 4) (N (- 10)) (O 5)) (main@_bb 4 (- 10) 5))
(step 7 (clause 4 58) ((A 5) (B true) (C true) (D 4) (E 8) (F (- 10)) (G false) (H false) (I false) (J false) (K true) (L true) (M 0) (N true) (O true) (P true) (Q true) (R true)) main@verifier.error.split)
(step 8 (clause 5 85) ((CHC_COMP_UNUSED false)) false)
