; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-211.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((CHC_COMP_UNUSED false)) inv_main2)
(step 2 (clause 3 35) ((A 1025) (B 1024)) (inv_main5 1024 1025))
(step 3 (clause 4 46) ((A 1024) (B 1025)) (inv_main6 1024 1025))
(step 4 (clause 5 57) ((A 1025) (B 1024)) false)
