; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-169.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (let ((a!1 (+ x1 x3)) (a!2 (+ x0 x4))) (and (or (<= x1 x0) (and (<= x2 x5) (<= x5 x2))) (or (<= x3 x4) (<= a!1 a!2)) (or (and (<= x5 (+ x2 2)) (<= x2 (+ x5 (- 2)))) (<= x0 (+ x1 (- 1)))) (<= a!2 a!1))))
(define-fun END_QUERY () Bool false)
