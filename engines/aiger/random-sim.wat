;; The rounds of random simulation (random-sim.ts) over the circuit in linear memory, two 32-bit
;; words (64 runs) per node, byte offsets throughout; one call runs a round. random-sim.ts holds this module compiled
;; (`npm run wasm` prints it; test/unit/engines/random-sim.test.ts checks that the two agree).
(module
  ;; the memory is the caller's, made as large as the round needs: growing it would detach its old
  ;; buffer, and V8 then checks for detached buffers on every typed-array access of the process
  (import "env" "memory" (memory 1))

  ;; gates(f, v, o, end): the words of each node from offset o to end (8 bytes a node) from its two
  ;; fanin literals, read in pairs from f on; a literal's node n has its words at v + 8n, complemented
  ;; (xor with -1) when the literal is negated.
  (func $gates (param $f i32) (param $v i32) (param $o i32) (param $end i32)
    (local $a i32) (local $b i32) (local $pa i32) (local $pb i32) (local $ma i32) (local $mb i32)
    (loop $next
      (local.set $a (i32.load (local.get $f)))
      (local.set $b (i32.load offset=4 (local.get $f)))
      (local.set $pa (i32.add (local.get $v) (i32.shl (i32.shr_u (local.get $a) (i32.const 1)) (i32.const 3))))
      (local.set $pb (i32.add (local.get $v) (i32.shl (i32.shr_u (local.get $b) (i32.const 1)) (i32.const 3))))
      (local.set $ma (i32.sub (i32.const 0) (i32.and (local.get $a) (i32.const 1))))
      (local.set $mb (i32.sub (i32.const 0) (i32.and (local.get $b) (i32.const 1))))
      (i32.store (local.get $o)
        (i32.and (i32.xor (i32.load (local.get $pa)) (local.get $ma)) (i32.xor (i32.load (local.get $pb)) (local.get $mb))))
      (i32.store offset=4 (local.get $o)
        (i32.and (i32.xor (i32.load offset=4 (local.get $pa)) (local.get $ma)) (i32.xor (i32.load offset=4 (local.get $pb)) (local.get $mb))))
      (local.set $f (i32.add (local.get $f) (i32.const 8)))
      (local.set $o (i32.add (local.get $o) (i32.const 8)))
      (br_if $next (i32.lt_u (local.get $o) (local.get $end)))))

  ;; latches(n, v, t, count, d): the words of the count literals from n on (4 bytes each) into t,
  ;; then t copied to d, the latches' own words (a next-state literal may read a latch).
  (func $latches (param $n i32) (param $v i32) (param $t i32) (param $count i32) (param $d i32)
    (local $l i32) (local $p i32) (local $m i32) (local $k i32) (local $q i32)
    (local.set $q (local.get $t))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $l (i32.load (local.get $n)))
        (local.set $p (i32.add (local.get $v) (i32.shl (i32.shr_u (local.get $l) (i32.const 1)) (i32.const 3))))
        (local.set $m (i32.sub (i32.const 0) (i32.and (local.get $l) (i32.const 1))))
        (i32.store (local.get $q) (i32.xor (i32.load (local.get $p)) (local.get $m)))
        (i32.store offset=4 (local.get $q) (i32.xor (i32.load offset=4 (local.get $p)) (local.get $m)))
        (local.set $n (i32.add (local.get $n) (i32.const 4)))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (memory.copy (local.get $d) (local.get $t) (i32.shl (local.get $count) (i32.const 3))))

  ;; draw(d, words, x): words values of a xorshift generator (Marsaglia 2003) from state x into d;
  ;; returns the generator's state.
  (func $draw (export "draw") (param $d i32) (param $words i32) (param $x i32) (result i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $d) (i32.shl (local.get $words) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $d) (local.get $end)))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 13))))
        (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 17))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 5))))
        (i32.store (local.get $d) (local.get $x))
        (local.set $d (i32.add (local.get $d) (i32.const 4)))
        (br $next)))
    (local.get $x))

  ;; word(v, lit, w): word w (0 or 1) of literal lit's node, complemented when lit is negated.
  (func $word (param $v i32) (param $lit i32) (param $w i32) (result i32)
    (i32.xor
      (i32.load (i32.add (i32.add (local.get $v) (i32.shl (i32.shr_u (local.get $lit) (i32.const 1)) (i32.const 3))) (i32.shl (local.get $w) (i32.const 2))))
      (i32.sub (i32.const 0) (i32.and (local.get $lit) (i32.const 1)))))

  ;; round(p): a round as the 14 words from p describe it: fanins, values, first gate (the offset of
  ;; its words), end of the values, next-state literals, scratch, latch count, where the latches'
  ;; words start, where the inputs drawn at each step go, the bytes drawn per step, the steps, the
  ;; generator's state, where the bad literal and then the constraints' are, how many constraints.
  ;; The inputs of step t are drawn to drawn + t * stepBytes and copied to the values after node 0.
  ;; Returns the first step at which a run that kept to the constraints is in the bad state, its two
  ;; words of hits stored at p + 56 and p + 60; or -1.
  (func (export "round") (param $p i32) (result i32)
    (local $t i32) (local $x i32) (local $drawn i32) (local $lits i32) (local $end i32) (local $c i32)
    (local $alive0 i32) (local $alive1 i32) (local $hit0 i32) (local $hit1 i32)
    (local.set $alive0 (i32.const -1))
    (local.set $alive1 (i32.const -1))
    (local.set $x (i32.load offset=44 (local.get $p)))
    (local.set $drawn (i32.load offset=32 (local.get $p)))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $t) (i32.load offset=40 (local.get $p))))
        (local.set $x (call $draw (local.get $drawn) (i32.shr_u (i32.load offset=36 (local.get $p)) (i32.const 2)) (local.get $x)))
        (memory.copy (i32.add (i32.load offset=4 (local.get $p)) (i32.const 8)) (local.get $drawn) (i32.load offset=36 (local.get $p)))
        (if (i32.lt_u (i32.load offset=8 (local.get $p)) (i32.load offset=12 (local.get $p)))
          (then (call $gates (i32.load (local.get $p)) (i32.load offset=4 (local.get $p)) (i32.load offset=8 (local.get $p)) (i32.load offset=12 (local.get $p)))))
        ;; the constraints, then the bad state
        (local.set $lits (i32.add (i32.load offset=48 (local.get $p)) (i32.const 4)))
        (local.set $end (i32.add (local.get $lits) (i32.shl (i32.load offset=52 (local.get $p)) (i32.const 2))))
        (block $kept
          (loop $constraint
            (br_if $kept (i32.ge_u (local.get $lits) (local.get $end)))
            (local.set $c (i32.load (local.get $lits)))
            (local.set $alive0 (i32.and (local.get $alive0) (call $word (i32.load offset=4 (local.get $p)) (local.get $c) (i32.const 0))))
            (local.set $alive1 (i32.and (local.get $alive1) (call $word (i32.load offset=4 (local.get $p)) (local.get $c) (i32.const 1))))
            (local.set $lits (i32.add (local.get $lits) (i32.const 4)))
            (br $constraint)))
        (local.set $c (i32.load (i32.load offset=48 (local.get $p))))
        (local.set $hit0 (i32.and (local.get $alive0) (call $word (i32.load offset=4 (local.get $p)) (local.get $c) (i32.const 0))))
        (local.set $hit1 (i32.and (local.get $alive1) (call $word (i32.load offset=4 (local.get $p)) (local.get $c) (i32.const 1))))
        (if (i32.or (local.get $hit0) (local.get $hit1))
          (then
            (i32.store offset=56 (local.get $p) (local.get $hit0))
            (i32.store offset=60 (local.get $p) (local.get $hit1))
            (return (local.get $t))))
        (call $latches (i32.load offset=16 (local.get $p)) (i32.load offset=4 (local.get $p)) (i32.load offset=20 (local.get $p))
          (i32.load offset=24 (local.get $p)) (i32.load offset=28 (local.get $p)))
        (local.set $drawn (i32.add (local.get $drawn) (i32.load offset=36 (local.get $p))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $step)))
    (i32.const -1)))
