; No model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LRA-Lin/sally-chc-benchmarks/oral_messages/om1_with_relays_general_3_3_validity_000.smt2: vigil proved them sat (false is not derivable) by
; 5-induction, and checked its certificate, the 5-inductive invariant below; it is no
; model (a clause may not be valid under it). Run with --algorithm cegar, ic3 or impact for a model.
; (define-fun invariant ((x0 Real) (x1 Real) (x2 Real) (x3 Real) (x4 Real) (x5 Real) (x6 Real) (x7 Real) (x8 Real) (x9 Real) (x10 Real) (x11 Real) (x12 Real) (x13 Real) (x14 Real) (x15 Real) (x16 Real) (x17 Real) (x18 Bool) (x19 Bool) (x20 Bool) (x21 Bool) (x22 Bool) (x23 Bool) (x24 Real) (x25 Real) (x26 Real) (x27 Real) (x28 Real) (x29 Real)) Bool (and x18 x19 x20))
