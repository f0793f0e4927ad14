; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-161.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun END_QUERY () Bool false)
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (let ((a!1 (+ x0 x2))) (and (<= a!1 10) (<= x3 x1) (<= (+ x0 x2 x3) (+ x1 10)) (<= x1 (+ x0 x2 x3 (- 10))) (>= a!1 10))))
