; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-139.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |f$unknown:2| ((x0 Int) (x1 Int)) Bool (or (>= x0 (- 1)) (<= x1 (+ x0 1)) (>= x1 8) (<= x1 (- 4)) (>= x1 2)))
(define-fun |incr$unknown:6| ((x0 Int) (x1 Int)) Bool (<= x1 (+ x0 (- 1))))
(define-fun |f$unknown:4| ((x0 Int) (x1 Int)) Bool (let ((a!1 (>= x0 (- 1))) (a!2 (<= x1 (- 4))) (a!3 (<= x1 1)) (a!4 (>= x1 2)) (a!5 (<= x1 (+ x0 1)))) (and (or a!1 (>= x1 8) a!2 a!3) (or a!1 a!4 a!2 a!5) (or a!1 (>= x1 6) a!3) (or a!4 a!2 (<= x1 (+ x0 (- 1))) a!5 a!1))))
