; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-169.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (let ((a!1 (<= x1 x0)) (a!2 (<= x2 (+ x5 (- 2)))) (a!3 (<= x5 (+ x2 2))) (a!4 (+ x1 x3)) (a!5 (+ x0 x4)) (a!7 (<= x2 x5)) (a!8 (<= x5 x2)) (a!10 (<= x0 (+ x1 (- 1))))) (let ((a!6 (<= a!4 a!5)) (a!9 (<= a!5 a!4))) (or (and a!1 a!2 a!3 a!6 a!7 (not a!8) a!9 (not a!10)) (and (not a!1) (not a!2) a!3 (not a!6) a!7 a!8 a!9 (<= x3 x4) a!10)))))
(define-fun END_QUERY () Bool false)
