; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-274.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun fail () Bool false)
(define-fun inv ((x0 Int) (x1 Int)) Bool (or (<= x0 (- 10000)) (= x0 (+ 1 (* (- 1) x1))) (<= x1 (+ x0 1))))
