; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O0/O0_fibo_2calls_15_false-unreach-call_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 7) ((CHC_COMP_UNUSED false)) main@entry)
(step 2 (clause 2 17) ((A 610) (B true) (C true) (D true) (E true) (F true)) main@verifier.error.split)
(step 3 (clause 3 33) ((CHC_COMP_UNUSED false)) false)
