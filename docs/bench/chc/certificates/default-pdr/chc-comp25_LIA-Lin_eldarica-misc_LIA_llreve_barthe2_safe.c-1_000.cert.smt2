; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/barthe2_safe.c-1_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 1)) (inv_main3 1))
(step 2 (clause 5 53) ((A 1) (v_1 1) (v_2 0) (v_3 0)) (inv_main8 1 1 0 0))
(step 3 (clause 6 64) ((A 0) (B 0) (C 1) (D 0) (E 1) (v_5 1) (v_6 1) (v_7 0)) (inv_main19 1 0 1 1 0))
(step 4 (clause 2 19) ((A 1) (B 2) (C 0) (D 0) (E 1) (F 8) (G 1) (H 1)) (inv_main19 1 0 1 2 1))
(step 5 (clause 4 41) ((A 1) (B 0) (C 2) (D 1) (E 0) (F 1)) (inv_main25 1 0 1))
(step 6 (clause 7 76) ((A 1) (B 0) (C 1)) false)
