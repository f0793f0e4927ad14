; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-214.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main5 ((x0 Int) (x1 Int)) Bool (and (>= x0 6) (<= x0 6)))
(define-fun inv_main4 ((x0 Int) (x1 Int)) Bool (or (<= x0 0) (<= x0 6)))
