; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O0/O0_count_up_down_false-unreach-call_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 5)) (main@entry 5))
(step 2 (clause 2 18) ((A 5) (B 5) (C 0) (D true) (E true) (F 0) (G 0) (H 0) (I 0)) (main@_bb 0 0 0))
(step 3 (clause 4 56) ((A 0) (B true) (C true) (D 0) (E 0) (F false) (G false) (H true) (I true) (J 0) (K true) (L true) (M true) (N true) (O true)) main@verifier.error.split)
(step 4 (clause 5 81) ((CHC_COMP_UNUSED false)) false)
