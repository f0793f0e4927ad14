; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-208.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 9 118) ((A 0) (B 0) (v_2 0)) (REC_f_ 0 0 0))
(step 2 (clause 10 128) ((A 1) (B (- 1)) (C 0) (D 0) (E 0)) (REC_f_ 1 (- 1) 0))
(step 3 (clause 16 197) ((A 0) (B (- 2)) (C 2) (D 1) (E (- 2)) (F (- 1)) (G 2)) CHC_COMP_FALSE)
(step 4 (clause 21 284) ((CHC_COMP_UNUSED false)) false)
