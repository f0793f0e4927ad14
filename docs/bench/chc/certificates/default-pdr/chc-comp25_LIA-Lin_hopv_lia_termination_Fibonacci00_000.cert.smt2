; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hopv/lia/termination/Fibonacci00_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |fib_1030$unknown:7| ((x0 Int) (x1 Int) (x2 Int)) Bool (= 0 x2))
(define-fun |fail$unknown:3| ((x0 Int)) Bool false)
