; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-264.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun fail () Bool false)
(define-fun inv ((x0 Int) (x1 Int)) Bool (or (and (= x0 1000) (= x1 100)) (and (= x0 999) (= x1 101))))
