; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-003.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 18) ((A false) (B false) (C true) (D false) (E 1) (F true) (G true) (H 0) (I 0) (J 1) (K 1) (L 0)) (main@.lr.ph.i 0 1 1 0))
(step 3 (clause 5 106) ((A true) (B true) (C 0) (D 1) (E 0) (F 0) (G 1) (H 0) (I 0) (J false) (K 0) (L 1) (M true) (N 0) (O 0) (P true) (Q 1) (R true) (S 1) (T 1) (U true) (V 1) (W 0) (X 1) (Y 1) (Z (- 1)) (A1 false) (B1 true) (C1 true)) main@addition.exit.split)
(step 4 (clause 6 148) ((CHC_COMP_UNUSED false)) false)
