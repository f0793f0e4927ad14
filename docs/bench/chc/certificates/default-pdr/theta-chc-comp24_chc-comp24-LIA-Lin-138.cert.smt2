; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-138.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |f_1034$unknown:58| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int) (x13 Int) (x14 Int) (x15 Int) (x16 Int) (x17 Int) (x18 Int) (x19 Int) (x20 Int) (x21 Int) (x22 Int)) Bool (= 0 x4))
(define-fun |fail$unknown:96| ((x0 Int)) Bool false)
