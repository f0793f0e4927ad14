; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-075.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 1) (B 1) (C 0) (D 1)) (inv 1 0 1 1))
(step 2 (clause 2 16) ((A 0) (B 1) (C (- 2)) (D 2) (E 1) (F 0) (G 1) (H 1)) (inv 2 (- 2) 1 0))
(step 3 (clause 2 16) ((A 1) (B (- 1)) (C (- 3)) (D 3) (E 1) (F (- 2)) (G 2) (H 0)) (inv 3 (- 3) (- 1) 1))
(step 4 (clause 2 16) ((A 0) (B (- 4)) (C (- 3)) (D 4) (E (- 1)) (F (- 3)) (G 3) (H 1)) (inv 4 (- 3) (- 4) 0))
(step 5 (clause 2 16) ((A 1) (B (- 7)) (C (- 2)) (D 5) (E (- 4)) (F (- 3)) (G 4) (H 0)) (inv 5 (- 2) (- 7) 1))
(step 6 (clause 2 16) ((A 0) (B (- 9)) (C 0) (D 6) (E (- 7)) (F (- 2)) (G 5) (H 1)) (inv 6 0 (- 9) 0))
(step 7 (clause 2 16) ((A 1) (B (- 9)) (C 3) (D 7) (E (- 9)) (F 0) (G 6) (H 0)) (inv 7 3 (- 9) 1))
(step 8 (clause 2 16) ((A 0) (B (- 6)) (C 7) (D 8) (E (- 9)) (F 3) (G 7) (H 1)) (inv 8 7 (- 6) 0))
(step 9 (clause 2 16) ((A 1) (B 1) (C 12) (D 9) (E (- 6)) (F 7) (G 8) (H 0)) (inv 9 12 1 1))
(step 10 (clause 2 16) ((A 0) (B 13) (C 18) (D 10) (E 1) (F 12) (G 9) (H 1)) (inv 10 18 13 0))
(step 11 (clause 2 16) ((A 1) (B 31) (C 25) (D 11) (E 13) (F 18) (G 10) (H 0)) (inv 11 25 31 1))
(step 12 (clause 3 28) ((A 31) (B 11) (C 1) (D 25)) false)
