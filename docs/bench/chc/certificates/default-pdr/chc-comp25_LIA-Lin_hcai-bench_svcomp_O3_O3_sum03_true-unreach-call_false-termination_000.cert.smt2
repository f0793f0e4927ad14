; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_sum03_true-unreach-call_false-termination_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun main@postcall ((x0_bool Bool) (x1 Int) (x2 Int)) Bool (let ((a!1 (<= x2 1)) (a!2 (* 2 x2)) (a!6 (<= x1 2)) (a!7 (>= x1 2))) (let ((a!3 (<= a!2 x1)) (a!4 (<= x1 a!2))) (let ((a!5 (and a!3 a!4))) (and (or (= x2 1) (not a!1)) (or a!1 a!5) a!4 a!3 (or (and a!6 a!7) a!5) (or (>= x2 3) (and a!7 a!6) (and a!4 (>= x1 4))))))))
(define-fun main@entry ((x0_int Int)) Bool true)
(define-fun main@precall.split () Bool false)
