; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/extra-small-lia/s_multipl_17_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun LOOPX ((x0 Int)) Bool (= (mod x0 6) 0))
(define-fun LOOPY ((x0 Int) (x1 Int)) Bool (let ((a!1 (not (= x1 0)))) (and (= (mod x0 6) 0) (not (and (<= x1 0) a!1)) (not (and (not (= x1 6)) (not (= x1 4)) (not (= x1 2)) a!1)))))
