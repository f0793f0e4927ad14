; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-008.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 19) ((A 6) (B true) (C true) (D 0) (E false) (F 6) (G 0) (H 6) (I 0)) (main@tailrecurse.i false 6 0 6 0))
(step 3 (clause 3 37) ((A false) (B 0) (C 6) (D 0) (E true) (F true) (G 6) (H false) (I 6) (J 0) (K 0) (L 6)) (main@tailrecurse.i false 6 0 0 6))
(step 4 (clause 4 55) ((A 6) (B 0) (C true) (D true) (E 6) (F 0) (G 6) (H true) (I true) (J 0) (K false) (L 6) (M 0)) (main@tailrecurse.i3 false 6 0))
(step 5 (clause 5 74) ((A false) (B 0) (C 6) (D 0) (E true) (F true) (G 6) (H false) (I 0) (J 6)) (main@tailrecurse.i3 false 0 6))
(step 6 (clause 6 92) ((A 6) (B 0) (C true) (D true) (E false) (F true) (G true)) main@A.exit4.split)
(step 7 (clause 7 108) ((CHC_COMP_UNUSED false)) false)
