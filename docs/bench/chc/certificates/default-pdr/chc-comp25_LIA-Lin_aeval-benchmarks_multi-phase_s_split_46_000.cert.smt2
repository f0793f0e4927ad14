; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/aeval-benchmarks/multi-phase/s_split_46_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun fail () Bool false)
(define-fun inv ((x0 Int) (x1 Int)) Bool (let ((a!1 (<= x0 0)) (a!2 (<= x0 1)) (a!3 (<= x0 2)) (a!5 (<= x0 3)) (a!7 (<= x0 1000)) (a!9 (<= x0 1005)) (a!11 (>= x1 0)) (a!12 (<= x1 0))) (let ((a!4 (not a!1)) (a!6 (not a!2)) (a!8 (not a!3)) (a!10 (not a!5))) (or (and a!1 a!2) (and a!2 a!3) (and a!4 a!3 a!5) (and a!4 a!6 a!5 a!7) (and a!4 a!6 a!8 a!7 a!9) (and a!4 a!6 a!8 a!10 a!9 a!11 a!12) (and a!4 a!6 a!8 a!10 (not a!7) a!11 a!12)))))
