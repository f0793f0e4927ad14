; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O0/O0_trex03_false-unreach-call_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 2) (B 3)) (main@entry 2 3))
(step 2 (clause 2 18) ((A 3) (B 3) (C 3) (D 3) (E 2) (F true) (G 2) (H false) (I 1) (J 4) (K 5) (L 0) (M false) (N 1) (O 4) (P 5) (Q true) (R true) (S 0) (T 2) (U false) (V 1) (W 4) (X 5) (Y 0)) (main@_bb 2 false 1 4 5 0))
(step 3 (clause 4 103) ((A 2) (B false) (C 1) (D true) (E false) (F false) (G true) (H true) (I false) (J 0) (K 5) (L true) (M false) (N 4) (O false) (P false) (Q false) (R false) (S true) (T true) (U 0) (V true) (W true) (X true) (Y true) (Z true)) main@verifier.error.split)
(step 4 (clause 5 135) ((CHC_COMP_UNUSED false)) false)
