; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LRA-Lin/sally-chc-benchmarks/misc/nonatomic_inc_cas_prop2_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A false) (B false) (C 0.0) (D 0.0) (E 0.0) (F 0.0) (G 0.0) (H 0.0) (I 0.0)) (invariant false false 0.0 0.0 0.0 0.0 0.0 0.0 0.0))
(step 2 (clause 2 24) ((A false) (B false) (C false) (D false) (E 0.0) (F 1.0) (G 0.0) (H 0.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 0.0) (N 1.0) (O 0.0) (P 0.0) (Q 0.0) (R 0.0)) (invariant false false 1.0 0.0 0.0 0.0 1.0 0.0 0.0))
(step 3 (clause 2 24) ((A false) (B false) (C false) (D false) (E 1.0) (F 1.0) (G 0.0) (H 1.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 1.0) (N 1.0) (O 0.0) (P 1.0) (Q 0.0) (R 0.0)) (invariant false false 1.0 1.0 0.0 0.0 1.0 1.0 0.0))
(step 4 (clause 2 24) ((A false) (B false) (C false) (D false) (E 1.0) (F 1.0) (G 1.0) (H 1.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 1.0) (N 2.0) (O 1.0) (P 1.0) (Q 0.0) (R 0.0)) (invariant false false 1.0 1.0 0.0 0.0 2.0 1.0 0.0))
(step 5 (clause 2 24) ((A false) (B false) (C false) (D false) (E 1.0) (F 1.0) (G 1.0) (H 1.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 2.0) (N 2.0) (O 1.0) (P 2.0) (Q 0.0) (R 0.0)) (invariant false false 1.0 1.0 0.0 0.0 2.0 2.0 0.0))
(step 6 (clause 2 24) ((A false) (B false) (C false) (D true) (E 1.0) (F 1.0) (G 1.0) (H 1.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 2.0) (N 2.0) (O 2.0) (P 3.0) (Q 0.0) (R 1.0)) (invariant false true 1.0 1.0 0.0 0.0 2.0 3.0 1.0))
(step 7 (clause 2 24) ((A false) (B true) (C true) (D true) (E 1.0) (F 1.0) (G 1.0) (H 1.0) (I 0.0) (J 0.0) (K 0.0) (L 0.0) (M 2.0) (N 3.0) (O 3.0) (P 3.0) (Q 1.0) (R 1.0)) (invariant true true 1.0 1.0 0.0 0.0 3.0 3.0 1.0))
(step 8 (clause 3 46) ((A true) (B true) (C 1.0) (D 1.0) (E 0.0) (F 0.0) (G 3.0) (H 3.0) (I 1.0)) false)
