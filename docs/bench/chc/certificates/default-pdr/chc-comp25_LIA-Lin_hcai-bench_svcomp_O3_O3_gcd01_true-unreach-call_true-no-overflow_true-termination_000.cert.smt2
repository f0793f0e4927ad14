; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_gcd01_true-unreach-call_true-no-overflow_true-termination_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun main@entry () Bool true)
(define-fun main@_bb ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (>= x3 1))
(define-fun main@gcd.exit.split () Bool false)
(define-fun main@.lr.ph..lr.ph.split_crit_edge.i ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (>= x3 1))
