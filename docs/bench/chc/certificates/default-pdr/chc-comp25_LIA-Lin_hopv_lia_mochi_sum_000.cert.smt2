; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hopv/lia/mochi/sum_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |sum$unknown:2| ((x0 Int) (x1 Int)) Bool (<= x1 x0))
