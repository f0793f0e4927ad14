; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-297.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |Assert #0: Main.java, line 13| () Bool false)
(define-fun |<Main: void main(JayArray_java_lang_String)>_Block14_3| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int) (x17 Int) (x18 Int) (x19 Int)) Bool true)
(define-fun |<Main: void main(JayArray_java_lang_String)>_Block14_4| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int) (x17 Int) (x18 Int) (x19 Int) (x20 Int)) Bool (not (and (= x12 x0) (= x13 x1) (= x14 x2) (= x15 x3) (not (= x8 0)))))
(define-fun |<Main: void main(JayArray_java_lang_String)>_Block14| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int) (x17 Int)) Bool true)
(define-fun |<Main: void main(JayArray_java_lang_String)>_Block14_2| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int)) Bool true)
(define-fun |<Main: void main(JayArray_java_lang_String)>_Block14_1| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int) (x17 Int)) Bool true)
(define-fun |<Main: void main(JayArray_java_lang_String)>_pre| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool true)
