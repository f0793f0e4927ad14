; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/simple-1-01_unsat_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun %main ((x0_bool Bool)) Bool (not x0_bool))
(define-fun %main.3 ((x0_int Int) (x1 Int) (x2 Bool) (x3 Bool)) Bool (let ((a!1 (not x3)) (a!2 (<= (+ x0_int x1) 0)) (a!4 (<= x1 0))) (let ((a!3 (not a!2))) (not (and (not (and a!1 a!3)) (not (and x3 a!2)) (not (and a!4 a!3)) (not (and a!1 (not a!4))) (not (and x3 a!4)) (not (= (>= x1 1) x2)))))))
(define-fun %main.2 ((x0_int Int) (x1 Int) (x2 Bool) (x3 Bool)) Bool (let ((a!1 (<= x1 0)) (a!2 (not x3)) (a!3 (<= (+ x0_int x1) 0))) (let ((a!4 (not a!3))) (or (and x3 a!1) (and a!2 a!4) (and a!2 (not a!1)) (and x3 a!3) (and a!1 a!4)))))
