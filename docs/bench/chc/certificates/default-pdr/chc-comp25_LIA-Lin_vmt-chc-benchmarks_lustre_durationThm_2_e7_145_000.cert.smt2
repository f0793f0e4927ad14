; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/durationThm_2_e7_145_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 6) ((A 0) (B 6) (C 7) (D 8) (E true) (F 1) (G 1) (H 0) (I 0) (J true) (K true) (L 0) (M true) (N true) (O true) (P 0) (Q 1) (R true) (S 0) (T true)) (state 0 0 true true 0 0 0 0 true 1 1 true true true 1 true true 6 7 8))
(step 2 (clause 2 29) ((A 0) (B 6) (C 7) (D 8) (E true) (F 16) (G true) (H true) (I 1) (J 1) (K 0) (L 0) (M true) (N true) (O 0) (P true) (Q 1) (R true) (S 1) (T true) (U 1) (V 1) (W 1) (X 1) (Y 1) (Z 1) (A1 false) (B1 1) (C1 false) (D1 true) (E1 1) (F1 false) (G1 true) (H1 1) (I1 true) (J1 0) (K1 1) (L1 true) (M1 0) (N1 true)) (state 1 1 true true 1 1 1 1 true 1 1 false false false 16 true true 1 1 1))
(step 3 (clause 3 70) ((A 1) (B 1) (C 1) (D 1) (E true) (F 16) (G 1) (H 1) (I 1) (J false) (K true) (L 1) (M true) (N true) (O true) (P 1) (Q 1) (R false) (S 1) (T false)) false)
