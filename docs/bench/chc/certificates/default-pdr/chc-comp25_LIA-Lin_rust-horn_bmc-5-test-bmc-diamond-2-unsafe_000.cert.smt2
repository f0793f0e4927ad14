; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/bmc-5-test-bmc-diamond-2-unsafe_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 29 327) ((A 4) (B 4) (C true) (v_3 true)) (%main.52 4 4 true true))
(step 2 (clause 27 306) ((A true) (B 4) (C 4) (D 3) (E 3) (F true) (v_6 true)) (%main.49 3 3 true true))
(step 3 (clause 24 273) ((A 3) (B 3) (C true) (D true) (v_4 false)) (%main.46 3 3 false true))
(step 4 (clause 22 251) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.41 3 3 false true))
(step 5 (clause 20 229) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.38 3 3 false true))
(step 6 (clause 18 207) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.33 3 3 false true))
(step 7 (clause 16 185) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.30 3 3 false true))
(step 8 (clause 14 163) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.25 3 3 false true))
(step 9 (clause 12 141) ((A 3) (B 3) (C true) (D false) (v_4 false)) (%main.22 3 3 false true))
(step 10 (clause 11 130) ((A 3) (B 3) (C 2) (D 2) (E true) (F false) (v_6 true)) (%main.17 2 2 true true))
(step 11 (clause 8 97) ((A 2) (B 2) (C true) (D true) (v_4 false)) (%main.14 2 2 false true))
(step 12 (clause 6 75) ((A 2) (B 2) (C true) (D false) (v_4 false)) (%main.9 2 2 false true))
(step 13 (clause 4 53) ((A 2) (B 2) (C true) (D false) (v_4 false)) (%main.6 2 2 false true))
(step 14 (clause 3 42) ((A 2) (B 2) (C 1) (D 1) (E true) (F false) (v_6 true)) (%main.1 1 1 true true))
(step 15 (clause 1 20) ((A true) (B true) (v_2 1) (v_3 1)) (%main true))
(step 16 (clause 30 337) ((v_0 true)) false)
