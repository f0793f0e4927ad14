; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/bmc-5-test-bmc-diamond-2-unsafe_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 29 327) ((A 2) (B 2) (C true) (v_3 true)) (%main.52 2 2 true true))
(step 2 (clause 27 306) ((A true) (B 2) (C 2) (D 1) (E 1) (F true) (v_6 true)) (%main.49 1 1 true true))
(step 3 (clause 24 273) ((A 1) (B 1) (C true) (D true) (v_4 false)) (%main.46 1 1 false true))
(step 4 (clause 22 251) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.41 1 1 false true))
(step 5 (clause 20 229) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.38 1 1 false true))
(step 6 (clause 18 207) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.33 1 1 false true))
(step 7 (clause 16 185) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.30 1 1 false true))
(step 8 (clause 14 163) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.25 1 1 false true))
(step 9 (clause 12 141) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.22 1 1 false true))
(step 10 (clause 10 119) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.17 1 1 false true))
(step 11 (clause 8 97) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.14 1 1 false true))
(step 12 (clause 6 75) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.9 1 1 false true))
(step 13 (clause 4 53) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.6 1 1 false true))
(step 14 (clause 2 31) ((A 1) (B 1) (C true) (D false) (v_4 false)) (%main.1 1 1 false true))
(step 15 (clause 1 20) ((A true) (B false) (v_2 1) (v_3 1)) (%main true))
(step 16 (clause 30 337) ((v_0 true)) false)
