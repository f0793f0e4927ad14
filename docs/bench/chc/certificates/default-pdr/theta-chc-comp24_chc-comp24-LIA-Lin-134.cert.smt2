; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-134.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |fail$unknown:25| ((x0 Int)) Bool false)
(define-fun |f_1034$unknown:23| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int)) Bool (not (and (not (= 0 x2)) (= x6 0) (= x7 0) (= x8 0) (= x9 0) (= x11 0) (= x12 0) (= x10 0) (= x5 0) (= x3 0) (= x4 0))))
(define-fun |omega_1032$unknown:33| ((x0 Int) (x1 Int) (x2 Int)) Bool (= 0 x2))
(define-fun |f_1034$unknown:19| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int)) Bool (not (and (not (= 0 x2)) (= x6 0) (= x7 0) (= x8 0) (= x9 0) (= x11 0) (= x12 0) (= x10 0) (= x5 0) (= x3 0) (= x4 0))))
