; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-212.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main5 ((x0 Int) (x1 Int)) Bool (= x1 64))
(define-fun inv_main4 ((x0 Int) (x1 Int)) Bool (let ((a!1 (<= x0 0)) (a!2 (<= x0 1)) (a!3 (<= x0 2)) (a!4 (<= x0 3)) (a!5 (<= x0 5)) (a!6 (= 64 x1))) (and (or (= x1 1) (>= x0 1)) (or a!1 (>= x0 2) (= 2 x1)) (or a!1 (= 4 x1) (>= x0 3) a!2) (or a!1 a!2 (= 8 x1) a!3 (>= x0 4)) (or a!1 a!2 a!4 (= 16 x1) (>= x0 5)) (or a!2 a!4 (<= x0 4) (= 32 x1) (>= x0 6)) (or a!5 a!6) (or a!2 a!3 a!6 a!4 a!5))))
