; The loop of loop.smt2 with a query that asks for more than 3 rounds: n = 4 gets there, so false
; is derivable (unsat); the derivation is the certificate.
(set-logic HORN)
(declare-fun loop (Int Int) Bool)
(declare-fun done (Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 5)) (loop 0 n))))
(assert (forall ((i Int) (n Int)) (=> (and (loop i n) (< i n)) (loop (+ i 1) n))))
(assert (forall ((i Int) (n Int)) (=> (and (loop i n) (>= i n)) (done i))))
(assert (forall ((i Int)) (=> (and (done i) (> i 3)) false)))
(check-sat)
(exit)
