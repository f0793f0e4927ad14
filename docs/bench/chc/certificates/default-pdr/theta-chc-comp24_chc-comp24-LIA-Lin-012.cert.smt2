; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-012.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun main@.lr.ph.split.us ((x0 Int) (x1 Int) (x2 Int)) Bool true)
(define-fun main@_bb ((x0 Int) (x1 Int) (x2 Int)) Bool true)
(define-fun main@precall.split () Bool false)
(define-fun main@entry ((x0 Int) (x1 Int)) Bool true)
