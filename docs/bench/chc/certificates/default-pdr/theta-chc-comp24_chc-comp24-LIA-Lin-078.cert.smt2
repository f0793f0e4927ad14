; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-078.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((v_0 0) (v_1 0) (v_2 0)) (inv 0 0 0))
(step 2 (clause 2 16) ((A 0) (B 523) (C 1) (D 0) (E 0) (F 0)) (inv 1 523 0))
(step 3 (clause 2 16) ((A 250) (B 523) (C 2) (D 0) (E 1) (F 523)) (inv 2 523 250))
(step 4 (clause 2 16) ((A 250) (B 773) (C 3) (D 250) (E 2) (F 523)) (inv 3 773 250))
(step 5 (clause 2 16) ((A 250) (B 1023) (C 4) (D 250) (E 3) (F 773)) (inv 4 1023 250))
(step 6 (clause 2 16) ((A 250) (B 1273) (C 5) (D 250) (E 4) (F 1023)) (inv 5 1273 250))
(step 7 (clause 2 16) ((A 250) (B 1523) (C 6) (D 250) (E 5) (F 1273)) (inv 6 1523 250))
(step 8 (clause 2 16) ((A 250) (B 1773) (C 7) (D 250) (E 6) (F 1523)) (inv 7 1773 250))
(step 9 (clause 2 16) ((A 250) (B 2023) (C 8) (D 250) (E 7) (F 1773)) (inv 8 2023 250))
(step 10 (clause 2 16) ((A 250) (B 2273) (C 9) (D 250) (E 8) (F 2023)) (inv 9 2273 250))
(step 11 (clause 2 16) ((A 250) (B 2523) (C 10) (D 250) (E 9) (F 2273)) (inv 10 2523 250))
(step 12 (clause 3 27) ((A 2523) (B 10) (C 250)) false)
