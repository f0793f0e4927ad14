; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O0/O0_trex03_false-unreach-call_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 5) (B 6)) (main@entry 5 6))
(step 2 (clause 2 18) ((A 6) (B 6) (C 6) (D 6) (E 5) (F false) (G 5) (H false) (I 0) (J (- 1)) (K 0) (L (- 1)) (M false) (N 0) (O (- 1)) (P 0) (Q true) (R true) (S (- 1)) (T 5) (U false) (V 0) (W (- 1)) (X 0) (Y (- 1))) (main@_bb 5 false 0 (- 1) 0 (- 1)))
(step 3 (clause 4 103) ((A 5) (B false) (C 0) (D false) (E true) (F false) (G true) (H true) (I false) (J (- 1)) (K 0) (L false) (M true) (N (- 1)) (O false) (P false) (Q false) (R false) (S true) (T true) (U 0) (V true) (W true) (X true) (Y true) (Z true)) main@verifier.error.split)
(step 4 (clause 5 135) ((CHC_COMP_UNUSED false)) false)
