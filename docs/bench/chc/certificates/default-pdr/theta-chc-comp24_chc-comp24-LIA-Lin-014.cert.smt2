; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-014.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 18) ((A true) (B false) (C (- 1)) (D true) (E true) (F 0) (G 0) (H (- 1)) (I (- 1)) (J 0)) (main@.lr.ph.i 0 (- 1) (- 1) 0))
(step 3 (clause 5 94) ((A true) (B false) (C 0) (D (- 1)) (E (- 1)) (F 0) (G 0) (H 0) (I (- 1)) (J true) (K 0) (L 0) (M false) (N 0) (O 0) (P true) (Q (- 1)) (R true) (S (- 1)) (T (- 1)) (U true) (V (- 1)) (W 0) (X (- 1)) (Y (- 1)) (Z 1) (A1 false) (B1 true) (C1 true)) main@addition.exit.split)
(step 4 (clause 6 136) ((CHC_COMP_UNUSED false)) false)
