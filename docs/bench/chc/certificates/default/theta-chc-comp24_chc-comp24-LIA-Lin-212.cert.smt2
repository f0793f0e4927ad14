; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-212.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main5 ((x0 Int) (x1 Int)) Bool (and (= x0 6) (= x1 64)))
(define-fun inv_main4 ((x0 Int) (x1 Int)) Bool (or (and (= x0 0) (= x1 1)) (and (= x0 1) (= x1 2)) (and (= x0 2) (= x1 4)) (and (= x0 3) (= x1 8)) (and (= x0 4) (= x1 16)) (and (= x0 5) (= x1 32)) (and (= x0 6) (= x1 64))))
