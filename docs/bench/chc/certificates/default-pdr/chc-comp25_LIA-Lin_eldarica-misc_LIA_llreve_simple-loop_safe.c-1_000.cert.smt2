; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/simple-loop_safe.c-1_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 0)) (inv_main3 0))
(step 2 (clause 5 52) ((A 0) (v_1 0) (v_2 0)) (inv_main7 0 0 0))
(step 3 (clause 6 63) ((A 0) (B 0) (C 0) (D 0) (v_4 0) (v_5 1)) (inv_main16 0 0 0 1))
(step 4 (clause 4 41) ((A 1) (B 0) (C 0) (D 0) (E 0)) (inv_main21 0 0 1))
(step 5 (clause 7 74) ((A 1) (B 0) (C 0)) false)
