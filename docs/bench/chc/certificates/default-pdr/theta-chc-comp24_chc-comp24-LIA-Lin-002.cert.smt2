; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-002.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 5) (B 6)) (main@entry 5 6))
(step 2 (clause 4 57) ((A 5) (B 5) (C false) (D 6) (E 6) (F 6) (G 6) (H 0) (I false) (J true) (K false) (L false) (M false) (N true) (O true) (P true)) main@precall5.split)
(step 3 (clause 6 108) ((CHC_COMP_UNUSED false)) false)
