; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/nested-while_merged_unsafe.c-1_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 10) ((CHC_COMP_UNUSED false)) inv_main2)
(step 2 (clause 10 110) ((A (- 1)) (B 0) (C 1) (v_3 1) (v_4 1) (v_5 0) (v_6 1) (v_7 0)) (inv_main9 1 1 1 0 (- 1) 0 1 0))
(step 3 (clause 7 75) ((A 1) (B 0) (C 0) (D 1) (E (- 1)) (F 0) (G 1) (H 1)) (inv_main5 1 1 1 0 (- 1) 0 1 0))
(step 4 (clause 5 53) ((A 1) (B (- 2)) (C 1) (D 0) (E 0) (F 1) (G (- 1)) (H 0) (I 1) (J 1)) (inv_main16 1 1 1 0 (- 1) (- 2) 1 1))
(step 5 (clause 3 31) ((A 1) (B 1) (C 0) (D 1) (E (- 1)) (F (- 2)) (G 1) (H 1)) (inv_main5 1 1 1 0 (- 1) (- 2) 1 1))
(step 6 (clause 2 20) ((A 1) (B 1) (C 0) (D 1) (E (- 1)) (F (- 2)) (G 1) (H 1)) (inv_main13 1 1 1 0 (- 1) (- 2) 1 1))
(step 7 (clause 11 127) ((A 1) (B 1) (C 0) (D 1) (E (- 1)) (F (- 2)) (G 1) (H 1)) false)
