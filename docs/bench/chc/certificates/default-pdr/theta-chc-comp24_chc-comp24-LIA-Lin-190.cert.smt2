; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-190.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main17 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (let ((a!1 (<= x4 1)) (a!2 (<= x4 6))) (and (or a!1 a!2 (<= x4 16)) (or a!1 (= (mod x4 2) 0)) (or a!1 a!2 (= (mod x4 4) 0)) (>= x4 1) (>= x1 32) (<= x1 32) (or a!1 a!2 (>= x4 16)) (or a!1 (>= x4 6)))))
(define-fun inv_main8 ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (let ((a!1 (<= x2 1)) (a!2 (<= x2 6)) (a!3 (= (mod x2 2) 0)) (a!4 (>= x2 6)) (a!5 (>= x2 1))) (and (or a!1 a!2 a!3) (or a!1 a!3) (or a!2 (= (mod x2 4) 0)) (or a!2 (>= x2 16)) (or a!2 (<= x2 16)) (or a!1 a!4) (or a!4 a!5) (or a!4 a!1) a!5)))
(define-fun inv_main3 ((x0 Int)) Bool true)
(define-fun inv_main21 ((x0 Int) (x1 Int) (x2 Int)) Bool (and (<= x2 x1) (<= x1 x2)))
