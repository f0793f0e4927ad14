; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/bmc-2-test-bmc-2-unsafe_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 5 53) ((A 2) (B 1) (C true) (v_3 true)) (%main.3 2 1 true true))
(step 2 (clause 2 21) ((A true) (B 2) (C 1) (D true) (v_4 false)) (%main.2 2 1 false true))
(step 3 (clause 9 96) ((A 2) (B 1) (C 1) (D true) (E true) (F false) (v_6 true)) (%main.9 1 1 true true true))
(step 4 (clause 6 63) ((A 1) (B 1) (C true) (D true) (E true) (v_5 false)) (%main.5 1 1 true false true))
(step 5 (clause 3 32) ((A 1) (B 1) (C true) (D false) (v_4 true) (v_5 true)) (%main.2 1 1 true true))
(step 6 (clause 1 10) ((A true) (B true) (v_2 1) (v_3 1)) (%main true))
(step 7 (clause 10 107) ((v_0 true)) false)
