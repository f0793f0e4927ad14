; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O0/O0_EvenOdd03_false-unreach-call_true-no-overflow_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 7) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 17) ((A false) (B true) (C 0) (D 1) (E 0) (F false) (G false) (H false) (I true) (J true) (K true) (L true)) main@verifier.error.split)
(step 3 (clause 3 40) ((CHC_COMP_UNUSED false)) false)
