; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hopv/lia/termination/alias_partial00_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |f_1030$unknown:8| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (let ((a!1 (<= x2 0)) (a!2 (>= x2 0))) (and a!1 a!2 (or (>= x3 1) (and a!2 a!1)))))
(define-fun |main_1035$unknown:22| ((x0 Int) (x1 Int) (x2 Int)) Bool (and (<= x2 0) (>= x2 0)))
(define-fun |fail$unknown:10| ((x0 Int)) Bool false)
(define-fun |lambda_1031$unknown:14| ((x0 Int) (x1 Int) (x2 Int)) Bool (and (>= x2 0) (<= x2 0)))
