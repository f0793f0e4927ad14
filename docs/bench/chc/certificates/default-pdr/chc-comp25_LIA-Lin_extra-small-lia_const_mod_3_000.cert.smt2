; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/extra-small-lia/const_mod_3_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv ((x0 Int) (x1 Int)) Bool (let ((a!1 (= x1 1)) (a!3 (= (mod x0 2) 1))) (let ((a!2 (not a!1))) (and (not (and (not (<= x1 0)) a!2)) (>= x1 0) (not (and a!3 a!2)) (not (and (not a!3) a!1))))))
