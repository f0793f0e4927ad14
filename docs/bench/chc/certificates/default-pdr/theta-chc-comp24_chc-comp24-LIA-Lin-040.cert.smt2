; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-040.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A false) (B true) (C false) (D false) (E true) (F true) (G false) (H false)) (state false false true false false true true false))
(step 2 (clause 2 18) ((A false) (B true) (C false) (D false) (E false) (F true) (G false) (H false) (I false) (J true) (K false) (L true) (M true) (N false) (O true) (P false)) (state false true false false true false false true))
(step 3 (clause 3 43) ((A false) (B false) (C true) (D false) (E false) (F false) (G true) (H true)) false)
