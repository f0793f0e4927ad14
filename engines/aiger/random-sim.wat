;; The loops of random simulation (random-sim.ts) over the circuit in linear memory, two 32-bit
;; words (64 runs) per node, byte offsets throughout. random-sim.ts holds this module compiled
;; (`npm run wasm` prints it; test/unit/engines/random-sim.test.ts checks that the two agree).
(module
  (memory (export "memory") 1)

  ;; gates(f, v, o, end): the words of each node from offset o to end (8 bytes a node) from its two
  ;; fanin literals, read in pairs from f on; a literal's node n has its words at v + 8n, complemented
  ;; (xor with -1) when the literal is negated.
  (func (export "gates") (param $f i32) (param $v i32) (param $o i32) (param $end i32)
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
  (func (export "latches") (param $n i32) (param $v i32) (param $t i32) (param $count i32) (param $d i32)
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
  (func (export "draw") (param $d i32) (param $words i32) (param $x i32) (result i32)
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
    (local.get $x)))
