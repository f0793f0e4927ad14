; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-288.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 15 392) ((A 19) (B 18) (C 1) (D 0) (E 137)) (|<Main: void main(JayArray_java_lang_String)>_pre| 1 137 18 0 19))
(step 2 (clause 1 21) ((A 137) (B 26) (C 24) (D 19) (E 18) (F 25) (G 1) (H 20) (I 22) (J 29) (K 27) (L 23) (M 28) (N 21) (O 0) (v_15 1) (v_16 137) (v_17 18) (v_18 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6| 1 137 18 0 19 20 21 22 23 1 137 18 0 24 25 26 27 28 29))
(step 3 (clause 2 51) ((A 28) (B 0) (C 21) (D 1) (E 23) (F 25) (G 20) (H 137) (I 19) (J 18) (K 26) (L 29) (M 27) (N 24) (O 22) (P 1) (v_16 1) (v_17 137) (v_18 18) (v_19 0) (v_20 1) (v_21 137) (v_22 18) (v_23 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_1| 1 137 18 0 19 20 21 22 1 137 18 0 24 1 26 27 28 29))
(step 4 (clause 3 107) ((A 0) (B 1) (C 22) (D 20) (E 21) (F 29) (G 18) (H 27) (I 19) (J 1) (K 24) (L 26) (M 137) (N 28) (v_14 1) (v_15 137) (v_16 18) (v_17 0) (v_18 1) (v_19 137) (v_20 18) (v_21 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_2| 1 137 18 0 19 20 21 22 1 137 18 0 1 26 27 28 29))
(step 5 (clause 4 163) ((A 28) (B 20) (C 26) (D 137) (E 0) (F 1) (G 22) (H 0) (I 19) (J 27) (K 21) (L 0) (M 18) (N 0) (O 1) (P 29) (v_16 1) (v_17 137) (v_18 18) (v_19 0) (v_20 1) (v_21 137) (v_22 18) (v_23 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_3| 1 137 18 0 19 20 21 22 0 0 0 1 137 18 0 1 26 27 28 29))
(step 6 (clause 5 221) ((A 22) (B 137) (C 20) (D 28) (E 0) (F 27) (G 0) (H 0) (I 1) (J 19) (K 21) (L 29) (M 0) (N 1) (O 26) (P 18) (v_16 1) (v_17 137) (v_18 18) (v_19 0) (v_20 1) (v_21 137) (v_22 18) (v_23 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_4| 1 137 18 0 19 0 0 0 1 137 18 0 1 26 27 28 29))
(step 7 (clause 6 276) ((A 29) (B 27) (C 1) (D 18) (E 137) (F 0) (G 1) (H 28) (I 0) (J 19) (K 26) (L 0) (M 0) (v_13 1) (v_14 137) (v_15 18) (v_16 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_5| 1 137 18 0 19 0 0 0 1))
(step 8 (clause 7 304) ((A 0) (B 0) (C 1) (D 1000) (E 0) (F 0) (G 1) (H 137) (I 19) (J 18)) (|<Main: void main(JayArray_java_lang_String)>_Block6_6| 1 137 18 0 19 0 0 0 1000 1))
(step 9 (clause 8 315) ((A 1) (B 0) (C 19) (D 1000) (E 0) (F 0) (G 137) (H 1) (I 18) (J 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_7| 1 137 18 0 19 0 0 0 1000 1))
(step 10 (clause 9 326) ((A 1) (B 19) (C 1) (D 0) (E 0) (F 0) (G 0) (H 18) (I 0) (J 137) (K 1000)) (|<Main: void main(JayArray_java_lang_String)>_Block6_8| 1 137 18 0 19 0 0 0 0 1000 1))
(step 11 (clause 10 337) ((A 0) (B 19) (C 137) (D 1000) (E 1) (F 0) (G 1) (H 0) (I 0) (J 18) (K 0)) (|<Main: void main(JayArray_java_lang_String)>_Block6_9| 1 137 18 0 19 0 0 0 1000 1))
(step 12 (clause 12 359) ((A 0) (B 19) (C 1) (D 0) (E 137) (F 1) (G 18) (H 0) (I 1000) (J 0)) (|<Main: void main(JayArray_java_lang_String)>_Block3| 1 137 18 0 19 0 0 0 1000 1))
(step 13 (clause 13 370) ((A 19) (B 0) (C 137) (D 1) (E 1000) (F 18) (G 1) (H 0) (I 0) (J 0)) (|<Main: void main(JayArray_java_lang_String)>_Block4| 1 137 18 0 19 0 0 0 1000 1))
(step 14 (clause 14 381) ((A 1) (B 0) (C 18) (D 1) (E 19) (F 0) (G 0) (H 1000) (I 0) (J 137)) |Assert #1: Main.java, line 17|)
(step 15 (clause 17 413) ((CHC_COMP_UNUSED false)) CHC_COMP_FALSE)
(step 16 (clause 18 424) ((CHC_COMP_UNUSED false)) false)
