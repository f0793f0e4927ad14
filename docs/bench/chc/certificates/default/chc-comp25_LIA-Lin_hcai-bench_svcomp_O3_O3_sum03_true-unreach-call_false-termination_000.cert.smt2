; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_sum03_true-unreach-call_false-termination_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun main@postcall ((x0_bool Bool) (x1 Int) (x2 Int)) Bool (let ((a!1 (* 2 x2))) (and (<= x1 a!1) (<= a!1 x1))))
(define-fun main@entry ((x0_int Int)) Bool true)
(define-fun main@precall.split () Bool false)
