; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-046.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A false) (B false) (C false) (D false) (E true) (F false) (G false) (H false)) (state false false false false false false true false))
(step 2 (clause 2 16) ((A false) (B false) (C false) (D false) (E false) (F true) (G false) (H true) (I true) (J false) (K false) (L true) (M false) (N false) (O true) (P false)) (state false false true false false true true true))
(step 3 (clause 2 16) ((A true) (B false) (C false) (D false) (E true) (F false) (G false) (H true) (I false) (J false) (K true) (L true) (M true) (N true) (O false) (P false)) (state false true false false true false true false))
(step 4 (clause 2 16) ((A false) (B true) (C true) (D false) (E true) (F true) (G false) (H true) (I true) (J false) (K true) (L true) (M false) (N false) (O true) (P false)) (state false true true false true true true true))
(step 5 (clause 2 16) ((A true) (B true) (C true) (D false) (E false) (F false) (G true) (H true) (I false) (J true) (K false) (L true) (M true) (N true) (O false) (P false)) (state true false false true false false true false))
(step 6 (clause 2 16) ((A false) (B false) (C false) (D true) (E false) (F true) (G true) (H false) (I true) (J true) (K false) (L true) (M false) (N false) (O true) (P true)) (state true false true true false true false true))
(step 7 (clause 3 39) ((A true) (B false) (C false) (D true) (E false) (F true) (G true) (H true)) false)
