; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-167.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun END_QUERY () Bool false)
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int)) Bool (let ((a!1 (<= x0 x1)) (a!2 (<= x1 x0))) (and (or (<= x1 1) (and a!1 a!2)) a!2 a!1)))
