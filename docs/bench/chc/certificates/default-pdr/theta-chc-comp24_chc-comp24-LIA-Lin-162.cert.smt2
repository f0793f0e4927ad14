; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-162.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun END_QUERY () Bool false)
(define-fun INV_MAIN_1 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (let ((a!1 (<= x4 (+ x3 (- 1)))) (a!2 (+ x0 x2)) (a!3 (* 2 x0))) (and (or (and (<= x5 x2) (<= x2 x5)) (<= x0 x1)) (or (<= (+ x0 x4) (+ x1 x3 (- 1))) a!1) (or (and (<= x5 a!2) (<= a!2 x5)) (<= x1 (+ x0 (- 1)))) (or (and (<= (+ x3 x5) (+ a!3 x2 1)) (<= (+ a!3 x2) (+ x3 x5 (- 1)))) a!1) (<= (+ x1 x3) (+ x0 x4 1)))))
