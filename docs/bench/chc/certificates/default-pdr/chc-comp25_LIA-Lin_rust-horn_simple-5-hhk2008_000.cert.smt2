; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/simple-5-hhk2008_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun %main.11 ((x0_int Int) (x1 Int) (x2_int Int) (x3_int Int) (x4 Bool) (x5 Bool)) Bool (or (not x5) x4))
(define-fun %main ((x0_bool Bool)) Bool (not x0_bool))
(define-fun %main.4 ((x0_int Int) (x1 Int) (x2_bool Bool) (x3_bool Bool)) Bool (let ((a!1 (not x3_bool))) (and (or a!1 (<= x1 (- 1))) (or x2_bool a!1))))
(define-fun %main.7 ((x0_int Int) (x1 Int) (x2_bool Bool) (x3_bool Bool)) Bool (let ((a!1 (<= x1 (- 1))) (a!2 (not x3_bool))) (and (or a!1 a!2) (or a!2 a!1) (or (not x2_bool) a!2))))
(define-fun %main.10 ((x0_int Int) (x1 Int) (x2_int Int) (x3_int Int) (x4 Bool) (x5 Bool)) Bool (let ((a!1 (+ x0_int x1)) (a!3 (not x5)) (a!5 (+ x0_int x1 (- 1))) (a!7 (not x4))) (let ((a!2 (<= a!1 (+ x2_int x3_int (- 1)))) (a!4 (<= a!1 x2_int)) (a!6 (<= (+ x2_int x3_int) a!5))) (and (or a!2 a!3 a!4 a!6 a!7) (or a!2 a!3 a!6 a!7 a!4) (or a!3 x4 (<= a!1 (+ x2_int (- 1))) (<= x2_int a!5)) (or a!3 a!2 a!6 a!4 a!7)))))
(define-fun %main.2 ((x0_int Int) (x1 Int) (x2_bool Bool) (x3_bool Bool)) Bool (let ((a!1 (not x3_bool))) (and a!1 (or (not x2_bool) a!1))))
