; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-224.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((CHC_COMP_UNUSED false)) inv_main2)
(step 2 (clause 4 40) ((A 268435455)) (inv_main4 268435455))
(step 3 (clause 2 18) ((A 268435455)) (inv_main5 268435455))
(step 4 (clause 5 51) ((A 268435455)) false)
