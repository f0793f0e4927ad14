; A derivation of false from the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-292.smt2, found and checked by vigil.
; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),
; clauses numbered from 1 in the order of the file. The first step is a fact, each further step
; has the atom derived by the step before as its body atom, and the last one derives false.
(step 1 (clause 19 480) ((A 1) (B 0) (C 22) (D 23) (E 137)) (|<Main: void main(JayArray_java_lang_String)>_pre| 1 137 22 0 23))
(step 2 (clause 1 25) ((A 26) (B 0) (C 33) (D 35) (E 24) (F 22) (G 25) (H 1) (I 27) (J 32) (K 31) (L 34) (M 30) (N 29) (O 137) (P 23) (Q 28) (v_17 1) (v_18 137) (v_19 22) (v_20 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9| 1 137 22 0 23 24 25 26 27 28 1 137 22 0 29 30 31 32 33 34 35))
(step 3 (clause 2 57) ((A 22) (B 23) (C 1) (D 30) (E 29) (F 33) (G 35) (H 27) (I 34) (J 137) (K 0) (L 25) (M 31) (N 28) (O 1) (P 32) (Q 26) (R 24) (v_18 1) (v_19 137) (v_20 22) (v_21 0) (v_22 1) (v_23 137) (v_24 22) (v_25 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_1| 1 137 22 0 23 24 25 26 1 137 22 0 29 1 32 33 34 35))
(step 4 (clause 3 115) ((A 29) (B 32) (C 23) (D 24) (E 26) (F 1) (G 0) (H 1) (I 34) (J 137) (K 25) (L 35) (M 33) (N 22) (v_14 1) (v_15 137) (v_16 22) (v_17 0) (v_18 1) (v_19 137) (v_20 22) (v_21 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_2| 1 137 22 0 23 24 25 26 1 137 22 0 1 32 33 34 35))
(step 5 (clause 4 171) ((A 35) (B 0) (C 1) (D 25) (E 23) (F 32) (G 24) (H 33) (I 1) (J 22) (K 137) (L 0) (M 0) (N 0) (O 34) (P 26) (v_16 1) (v_17 137) (v_18 22) (v_19 0) (v_20 1) (v_21 137) (v_22 22) (v_23 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_3| 1 137 22 0 23 24 25 26 0 0 0 1 137 22 0 1 32 33 34 35))
(step 6 (clause 5 229) ((A 137) (B 33) (C 25) (D 1) (E 1) (F 0) (G 23) (H 24) (I 0) (J 32) (K 26) (L 22) (M 34) (N 0) (O 35) (P 0) (v_16 1) (v_17 137) (v_18 22) (v_19 0) (v_20 1) (v_21 137) (v_22 22) (v_23 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_4| 1 137 22 0 23 0 0 0 1 137 22 0 1 32 33 34 35))
(step 7 (clause 6 284) ((A 0) (B 32) (C 0) (D 1) (E 34) (F 22) (G 33) (H 0) (I 35) (J 137) (K 0) (L 1) (M 23) (v_13 1) (v_14 137) (v_15 22) (v_16 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_5| 1 137 22 0 23 0 0 0 1))
(step 8 (clause 7 312) ((A 0) (B 0) (C 137) (D 1) (E 22) (F 23) (G 1) (H 1) (I 0) (J 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_6| 1 137 22 0 23 0 0 0 1 1))
(step 9 (clause 8 323) ((A 0) (B 1) (C 0) (D 22) (E 1) (F 23) (G 0) (H 1) (I 137) (J 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_7| 1 137 22 0 23 0 0 0 1 1))
(step 10 (clause 9 334) ((A 137) (B 0) (C 23) (D 1) (E 1) (F 1) (G 0) (H 0) (I 0) (J 0) (K 22)) (|<Main: void main(JayArray_java_lang_String)>_Block9_8| 1 137 22 0 23 0 0 0 0 1 1))
(step 11 (clause 10 345) ((A 0) (B 1) (C 1) (D 0) (E 0) (F 0) (G 137) (H 22) (I 23) (J 1) (K 0)) (|<Main: void main(JayArray_java_lang_String)>_Block9_9| 1 137 22 0 23 0 0 0 1 1))
(step 12 (clause 12 367) ((A 1) (B 0) (C 0) (D 0) (E 23) (F 137) (G 1) (H 0) (I 22) (J 0) (K 1)) (|<Main: void main(JayArray_java_lang_String)>_Block9_10| 1 137 22 0 23 0 0 0 1 0 1))
(step 13 (clause 13 378) ((A 0) (B 0) (C 0) (D 1) (E 137) (F 23) (G 0) (H 22) (I 1) (J 0) (K 1)) (|<Main: void main(JayArray_java_lang_String)>_Block9_11| 1 137 22 0 23 0 0 0 1 0 1))
(step 14 (clause 14 389) ((A 0) (B 0) (C 137) (D 0) (E 0) (F 22) (G 0) (H 1) (I 0) (J 23) (K 1) (L 1)) (|<Main: void main(JayArray_java_lang_String)>_Block9_12| 1 137 22 0 23 0 0 0 0 1 0 1))
(step 15 (clause 15 412) ((A 137) (B 0) (C 1) (D 0) (E 0) (F 0) (G 0) (H 1) (I 22) (J 0) (K 23) (L 1)) (|<Main: void main(JayArray_java_lang_String)>_Block9_13| 1 137 22 0 23 0 0 0 1 0 1))
(step 16 (clause 17 458) ((A 0) (B 22) (C 1) (D 23) (E 1) (F 0) (G 137) (H 0) (I 0) (J 1) (K 0)) (|<Main: void main(JayArray_java_lang_String)>_Block3| 1 137 22 0 23 0 0 0 1 0 1))
(step 17 (clause 18 469) ((A 1) (B 1) (C 1) (D 0) (E 0) (F 0) (G 23) (H 22) (I 0) (J 0) (K 137)) |Assert #2: Main.java, line 15|)
(step 18 (clause 22 512) ((CHC_COMP_UNUSED false)) CHC_COMP_FALSE)
(step 19 (clause 23 523) ((CHC_COMP_UNUSED false)) false)
