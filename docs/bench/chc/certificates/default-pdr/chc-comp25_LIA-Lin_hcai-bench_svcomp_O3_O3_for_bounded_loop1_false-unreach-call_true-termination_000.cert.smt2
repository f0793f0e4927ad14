; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_for_bounded_loop1_false-unreach-call_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 5)) (main@entry 5))
(step 2 (clause 2 18) ((A 5) (B true) (C true) (D 0) (E 0) (F true) (G true) (H 0) (I 0) (J 1) (K 0) (L 0) (M 5)) (main@.lr.ph 0 1 0 0 5))
(step 3 (clause 5 108) ((A true) (B false) (C 5) (D 5) (E false) (F 0) (G 0) (H 1) (I 0) (J 1) (K true) (L 1) (M false) (N 0) (O true) (P false) (Q 0) (R true) (S true) (T true) (U false) (V 0) (W 1) (X 1) (Y false) (Z 1) (A1 true) (B1 1) (C1 1) (D1 false) (E1 true) (F1 false) (G1 false) (H1 false) (I1 0) (J1 0) (K1 false) (L1 0) (M1 true) (N1 0) (O1 0) (P1 true) (Q1 true) (R1 true)) main@__VERIFIER_assert.split)
(step 4 (clause 6 168) ((CHC_COMP_UNUSED false)) false)
