; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-155.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (and (or (>= x1 0) (and (<= x2 (+ x0 (- 1))) (<= x0 (+ x2 1)))) (or (and (<= x2 x0) (<= x0 x2)) (<= x1 (- 1))) (or (<= x3 x1) (<= x3 0)) (<= x1 x3)))
