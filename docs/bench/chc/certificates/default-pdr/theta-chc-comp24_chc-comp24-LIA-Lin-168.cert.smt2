; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-168.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (and (<= x4 x1) (<= x1 x4) (<= (+ x0 x5) (+ x2 x3 1)) (<= (+ x2 x3) (+ x0 x5 (- 1)))))
(define-fun END_QUERY () Bool false)
