; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/arrays_orig/array_fill1_even_odd_abstracted_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun write ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (or (and (<= x2 (+ x0 (- 1))) (<= x1 x2)) (and (not (<= 2 x3)) (= 0 (mod (+ x2 x3) 2)) (>= x3 0))))
(define-fun CHC_COMP_FALSE () Bool false)
(define-fun incr ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (let ((a!1 (not (<= 2 x3))) (a!2 (= x1 x2)) (a!3 (>= x3 0)) (a!4 (= (mod (+ x1 x3) 2) 0))) (let ((a!5 (and a!1 a!3 (= 0 (mod (+ x2 x3) 2))))) (and (or (and a!1 a!2 a!3 a!4) (<= x1 (+ x0 (- 2))) a!5) (or (and a!1 a!3 a!4 a!2) (and (<= x2 (+ x0 (- 1))) (<= x1 (+ x2 (- 1)))) a!5)))))
(define-fun end ((x0 Int) (x1 Int) (x2 Int)) Bool (and (>= x2 0) (not (<= 2 x2)) (= (mod (+ x1 x2) 2) 0)))
(define-fun loop ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (let ((a!1 (+ x0 (- 1))) (a!3 (not (<= 2 x3))) (a!4 (>= x3 0)) (a!5 (mod (+ x2 x3) 2))) (let ((a!2 (<= x1 a!1)) (a!6 (and a!3 a!4 (= a!5 0))) (a!7 (and (<= x1 x2) (<= x2 a!1))) (a!8 (= 0 a!5))) (and (or a!2 a!6) (or a!7 a!6) (or (and a!3 a!4 a!8) a!2) (or a!7 (and a!8 a!4 a!3))))))
