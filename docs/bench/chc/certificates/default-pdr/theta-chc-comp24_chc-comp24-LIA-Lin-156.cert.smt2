; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-156.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (let ((a!1 (<= x5 0)) (a!2 (+ x0 x1)) (a!3 (+ (* 2 x0) (* 2 x1))) (a!4 (+ x3 x4))) (and (or (and (<= x4 x1) (<= x1 x4)) (>= x2 1)) (or (<= x5 (+ x2 (- 1))) a!1) (or (and (<= x4 a!2) (<= a!2 x4)) (<= x2 0)) (<= x2 (+ x5 1)) (or (and (<= a!3 a!4) (<= a!4 a!3)) a!1))))
