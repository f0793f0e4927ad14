; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-007.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 9) ((A 6) (B 7)) (main@entry 6 7))
(step 2 (clause 4 72) ((A 6) (B 7) (C 7) (D 7) (E 7) (F 100) (G 0) (H false) (I false) (J true) (K false) (L false) (M true) (N true)) main@orig.main.exit.split)
(step 3 (clause 8 163) ((CHC_COMP_UNUSED false)) false)
