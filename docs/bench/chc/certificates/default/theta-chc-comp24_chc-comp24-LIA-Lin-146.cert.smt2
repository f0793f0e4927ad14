; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-146.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (let ((a!1 (>= x1 0)) (a!2 (<= x3 x1)) (a!3 (<= x2 x0)) (a!4 (<= x0 x2)) (a!5 (<= x2 (+ x0 (- 1)))) (a!6 (<= x0 (+ x2 1))) (a!7 (>= x3 0)) (a!8 (<= x1 x3))) (or (and a!1 a!2 a!3 a!4 (not a!5) a!6 a!7 a!8) (and (not a!1) (not a!2) a!3 (not a!4) a!5 a!6 a!7 a!8 (<= x3 0)))))
