; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_sum03_false-unreach-call_true-termination_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 13)) (main@entry 13))
(step 2 (clause 2 18) ((A 13) (B 13) (C 13) (D true) (E true) (F false) (G 1) (H true) (I true) (J 2) (K false) (L 1) (M 2)) (main@postcall false 1 2))
(step 3 (clause 3 40) ((A false) (B true) (C 4) (D 2) (E 1) (F 4) (G true) (H false) (I true) (J true) (K false) (L 2) (M 4) (N false) (O 2) (P true) (Q true) (R 4) (S false) (T 2) (U 4)) (main@postcall false 2 4))
(step 4 (clause 3 40) ((A false) (B true) (C 6) (D 4) (E 2) (F 6) (G true) (H false) (I true) (J true) (K false) (L 3) (M 6) (N false) (O 3) (P true) (Q true) (R 6) (S false) (T 3) (U 6)) (main@postcall false 3 6))
(step 5 (clause 3 40) ((A false) (B true) (C 8) (D 6) (E 3) (F 8) (G true) (H false) (I true) (J true) (K false) (L 4) (M 8) (N false) (O 4) (P true) (Q true) (R 8) (S false) (T 4) (U 8)) (main@postcall false 4 8))
(step 6 (clause 3 40) ((A false) (B true) (C 10) (D 8) (E 4) (F 10) (G true) (H false) (I true) (J true) (K false) (L 5) (M 10) (N false) (O 5) (P true) (Q true) (R 10) (S false) (T 5) (U 10)) (main@postcall false 5 10))
(step 7 (clause 3 40) ((A false) (B true) (C 12) (D 10) (E 5) (F 12) (G true) (H false) (I true) (J true) (K false) (L 6) (M 12) (N false) (O 6) (P true) (Q true) (R 12) (S false) (T 6) (U 12)) (main@postcall false 6 12))
(step 8 (clause 3 40) ((A false) (B true) (C 14) (D 12) (E 6) (F 14) (G true) (H false) (I true) (J true) (K false) (L 7) (M 14) (N false) (O 7) (P true) (Q true) (R 14) (S false) (T 7) (U 14)) (main@postcall false 7 14))
(step 9 (clause 3 40) ((A false) (B true) (C 16) (D 14) (E 7) (F 16) (G true) (H false) (I true) (J true) (K false) (L 8) (M 16) (N false) (O 8) (P true) (Q true) (R 16) (S false) (T 8) (U 16)) (main@postcall false 8 16))
(step 10 (clause 3 40) ((A false) (B true) (C 18) (D 16) (E 8) (F 18) (G true) (H false) (I true) (J true) (K false) (L 9) (M 18) (N false) (O 9) (P true) (Q true) (R 18) (S false) (T 9) (U 18)) (main@postcall false 9 18))
(step 11 (clause 3 40) ((A false) (B true) (C 20) (D 18) (E 9) (F 20) (G true) (H false) (I true) (J true) (K false) (L 10) (M 20) (N false) (O 10) (P true) (Q true) (R 20) (S false) (T 10) (U 20)) (main@postcall false 10 20))
(step 12 (clause 5 89) ((A false) (B false) (C 22) (D 20) (E 10) (F 11) (G 22) (H 20) (I false) (J false) (K false) (L false) (M true) (N true) (O true) (P true) (Q true) (R true) (S true) (T true) (U true)) main@precall.split)
(step 13 (clause 6 120) ((CHC_COMP_UNUSED false)) false)
