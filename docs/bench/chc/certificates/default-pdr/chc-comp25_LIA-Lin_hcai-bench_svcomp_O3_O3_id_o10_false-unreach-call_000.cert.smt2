; A derivation of false from the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_id_o10_false-unreach-call_000.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 1 8) ((A 11)) (main@entry 11))
(step 2 (clause 2 18) ((A 11) (B 11) (C true) (D false) (E 10) (F 10) (G true) (H true) (I 0) (J 10) (K 0)) (main@tailrecurse.i 10 0))
(step 3 (clause 3 38) ((A 10) (B 0) (C false) (D 9) (E 1) (F 9) (G true) (H true) (I 1) (J 9) (K 1)) (main@tailrecurse.i 9 1))
(step 4 (clause 3 38) ((A 9) (B 1) (C false) (D 8) (E 2) (F 8) (G true) (H true) (I 2) (J 8) (K 2)) (main@tailrecurse.i 8 2))
(step 5 (clause 3 38) ((A 8) (B 2) (C false) (D 7) (E 3) (F 7) (G true) (H true) (I 3) (J 7) (K 3)) (main@tailrecurse.i 7 3))
(step 6 (clause 3 38) ((A 7) (B 3) (C false) (D 6) (E 4) (F 6) (G true) (H true) (I 4) (J 6) (K 4)) (main@tailrecurse.i 6 4))
(step 7 (clause 3 38) ((A 6) (B 4) (C false) (D 5) (E 5) (F 5) (G true) (H true) (I 5) (J 5) (K 5)) (main@tailrecurse.i 5 5))
(step 8 (clause 3 38) ((A 5) (B 5) (C false) (D 4) (E 6) (F 4) (G true) (H true) (I 6) (J 4) (K 6)) (main@tailrecurse.i 4 6))
(step 9 (clause 3 38) ((A 4) (B 6) (C false) (D 3) (E 7) (F 3) (G true) (H true) (I 7) (J 3) (K 7)) (main@tailrecurse.i 3 7))
(step 10 (clause 3 38) ((A 3) (B 7) (C false) (D 2) (E 8) (F 2) (G true) (H true) (I 8) (J 2) (K 8)) (main@tailrecurse.i 2 8))
(step 11 (clause 3 38) ((A 2) (B 8) (C false) (D 1) (E 9) (F 1) (G true) (H true) (I 9) (J 1) (K 9)) (main@tailrecurse.i 1 9))
(step 12 (clause 5 77) ((A 1) (B 9) (C 0) (D true) (E 10) (F true) (G 10) (H 10) (I true) (J true) (K true) (L true) (M true) (N true)) main@id.exit.split)
(step 13 (clause 6 101) ((CHC_COMP_UNUSED false)) false)
