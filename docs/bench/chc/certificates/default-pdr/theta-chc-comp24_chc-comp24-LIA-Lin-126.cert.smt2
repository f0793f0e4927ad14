; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-126.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 12) ((A 1) (B 1) (C 1)) (|g$unknown:3| 1 1 1))
(step 2 (clause 2 22) ((A 1) (B 1) (C 1) (D 1) (E 9)) (|twice$unknown:13| 1 1))
(step 3 (clause 6 66) ((A 1) (B 1)) (|twice$unknown:9| 1 1))
(step 4 (clause 7 77) ((A 1) (B 1) (C 0) (D 1) (E 10)) (|neg$unknown:5| 1 1))
(step 5 (clause 3 33) ((A (- 1)) (B 1) (C 1) (D 1)) (|neg$unknown:7| (- 1) 1))
(step 6 (clause 8 88) ((A 1) (B (- 1)) (C 0) (D 1) (E 11)) (|twice$unknown:11| (- 1) 1))
(step 7 (clause 5 55) ((A (- 1)) (B 1) (C (- 1))) (|twice$unknown:15| (- 1) 1))
(step 8 (clause 9 99) ((A 0) (B 0) (C 1) (D (- 1)) (E 12)) false)
