; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-083.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 1) (B 0) (C 1) (D 0)) (inv 0 1 0 1))
(step 2 (clause 2 16) ((A 0) (B 1) (C 3) (D 1) (E 0) (F 1) (G 1) (H 0)) (inv 1 3 1 0))
(step 3 (clause 2 16) ((A 1) (B 2) (C 5) (D 2) (E 1) (F 0) (G 3) (H 1)) (inv 2 5 2 1))
(step 4 (clause 2 16) ((A 0) (B 3) (C 7) (D 3) (E 2) (F 1) (G 5) (H 2)) (inv 3 7 3 0))
(step 5 (clause 2 16) ((A 1) (B 4) (C 9) (D 4) (E 3) (F 0) (G 7) (H 3)) (inv 4 9 4 1))
(step 6 (clause 2 16) ((A 0) (B 5) (C 11) (D 5) (E 4) (F 1) (G 9) (H 4)) (inv 5 11 5 0))
(step 7 (clause 2 16) ((A 1) (B 6) (C 13) (D 6) (E 5) (F 0) (G 11) (H 5)) (inv 6 13 6 1))
(step 8 (clause 2 16) ((A 0) (B 7) (C 15) (D 7) (E 6) (F 1) (G 13) (H 6)) (inv 7 15 7 0))
(step 9 (clause 2 16) ((A 1) (B 8) (C 17) (D 8) (E 7) (F 0) (G 15) (H 7)) (inv 8 17 8 1))
(step 10 (clause 2 16) ((A 0) (B 9) (C 19) (D 9) (E 8) (F 1) (G 17) (H 8)) (inv 9 19 9 0))
(step 11 (clause 2 16) ((A 1) (B 10) (C 21) (D 10) (E 9) (F 0) (G 19) (H 9)) (inv 10 21 10 1))
(step 12 (clause 3 28) ((A 10) (B 10) (C 1) (D 21)) false)
