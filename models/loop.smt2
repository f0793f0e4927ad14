; A loop from 0 up to a bound n of at most 5, then done: i never exceeds 5, so false is not
; derivable (sat). Predicates are locations, their arguments the variables (vigil show draws it).
(set-logic HORN)
(declare-fun loop (Int Int) Bool)
(declare-fun done (Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 5)) (loop 0 n))))
(assert (forall ((i Int) (n Int)) (=> (and (loop i n) (< i n)) (loop (+ i 1) n))))
(assert (forall ((i Int) (n Int)) (=> (and (loop i n) (>= i n)) (done i))))
(assert (forall ((i Int)) (=> (and (done i) (> i 5)) false)))
(check-sat)
(exit)
