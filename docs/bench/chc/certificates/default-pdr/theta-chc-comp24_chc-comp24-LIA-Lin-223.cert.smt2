; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-223.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 7) ((A 0) (B 1)) (inv_main4 0 1))
(step 2 (clause 3 28) ((A 2) (B 0) (C 1) (D 1)) (inv_main4 1 2))
(step 3 (clause 3 28) ((A 4) (B 1) (C 2) (D 2)) (inv_main4 2 4))
(step 4 (clause 3 28) ((A 8) (B 2) (C 3) (D 4)) (inv_main4 3 8))
(step 5 (clause 3 28) ((A 16) (B 3) (C 4) (D 8)) (inv_main4 4 16))
(step 6 (clause 3 28) ((A 32) (B 4) (C 5) (D 16)) (inv_main4 5 32))
(step 7 (clause 3 28) ((A 64) (B 5) (C 6) (D 32)) (inv_main4 6 64))
(step 8 (clause 2 17) ((A 64) (B 6)) (inv_main5 6 64))
(step 9 (clause 4 39) ((A 6) (B 64)) false)
