; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/loop5_unsafe.c-1_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 2)) (inv_main3 2))
(step 2 (clause 5 52) ((A 2) (v_1 2) (v_2 0) (v_3 0)) (inv_main10 2 2 0 0))
(step 3 (clause 3 30) ((A 1) (B 1) (C 2) (D 8) (E 0) (F 2) (G 0)) (inv_main10 2 2 1 1))
(step 4 (clause 6 63) ((A 3) (B 0) (C 2) (D 1) (E 2) (F 1) (v_6 2) (v_7 0)) (inv_main23 2 1 2 3 0))
(step 5 (clause 4 41) ((A 2) (B 1) (C 0) (D 0) (E 3) (F 2)) (inv_main29 2 1 0))
(step 6 (clause 7 75) ((A 2) (B 1) (C 0)) false)
