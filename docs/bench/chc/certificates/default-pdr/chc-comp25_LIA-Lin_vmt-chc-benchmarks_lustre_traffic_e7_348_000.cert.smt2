; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/traffic_e7_348_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 0) (B true) (C false) (D true) (E 21) (F 21) (G 21) (H 0) (I 21) (J 21)) (state 0 true 21 true 0 21 21 21 21 false))
(step 2 (clause 3 64) ((A 0) (B true) (C false) (D true) (E 21) (F 21) (G 21) (H 0) (I 21) (J 21)) false)
