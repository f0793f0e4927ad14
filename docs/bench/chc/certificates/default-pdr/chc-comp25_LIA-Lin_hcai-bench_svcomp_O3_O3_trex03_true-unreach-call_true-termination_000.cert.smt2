; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_trex03_true-unreach-call_true-termination_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun main@_bb ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Bool)) Bool true)
(define-fun main@orig.main.exit.split () Bool false)
(define-fun main@entry ((x0 Int) (x1 Int)) Bool true)
