;; Hot loops of the chunk read path (codec/wasm-kernels.ts), assembled by scripts/build-kernels.mjs (`npm run kernels -w @sluice/storage`)
;; into src/codec/kernels-wasm.ts. Memory layout and slack are the caller's (wasm-kernels.ts).
(module
  (memory (export "memory") 1)

  ;; LZ4 block (no header) at [p, end) into [o, oend). Returns the bytes written, or -1 when the block is
  ;; malformed (a length past either end, a match before the output's start). Writes at most 7 bytes past
  ;; the end of a match, never past oend + 7: the caller leaves 8 spare bytes after oend.
  (func (export "lz4") (param $p i32) (param $end i32) (param $o i32) (param $oend i32) (result i32)
    (local $o0 i32) (local $token i32) (local $lit i32) (local $b i32) (local $off i32) (local $len i32)
    (local $from i32) (local $stop i32) (local $d i32) (local $v i64)
    (local.set $o0 (local.get $o))
    (block $done
      (loop $seq
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $token (i32.load8_u (local.get $p)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (local.set $lit (i32.shr_u (local.get $token) (i32.const 4)))
        (if (i32.eq (local.get $lit) (i32.const 15))
          (then
            (loop $more
              (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
              (local.set $b (i32.load8_u (local.get $p)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (local.set $lit (i32.add (local.get $lit) (local.get $b)))
              (br_if $more (i32.eq (local.get $b) (i32.const 255))))))
        (if (i32.gt_u (local.get $lit) (i32.sub (local.get $end) (local.get $p))) (then (return (i32.const -1))))
        (if (i32.gt_u (local.get $lit) (i32.sub (local.get $oend) (local.get $o))) (then (return (i32.const -1))))
        (if (i32.le_u (local.get $lit) (i32.const 16))
          (then
            ;; short literals: 16 bytes copied (the input may be read up to 16 bytes past its end, the output
            ;; written up to 16 past the literals: later output)
            (i64.store (local.get $o) (i64.load (local.get $p)))
            (i64.store offset=8 (local.get $o) (i64.load offset=8 (local.get $p))))
          (else (memory.copy (local.get $o) (local.get $p) (local.get $lit))))
        (local.set $p (i32.add (local.get $p) (local.get $lit)))
        (local.set $o (i32.add (local.get $o) (local.get $lit)))
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (if (i32.lt_u (i32.sub (local.get $end) (local.get $p)) (i32.const 2)) (then (return (i32.const -1))))
        (local.set $off (i32.load16_u (local.get $p)))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (local.set $len (i32.and (local.get $token) (i32.const 15)))
        (if (i32.eq (local.get $len) (i32.const 15))
          (then
            (loop $more
              (if (i32.ge_u (local.get $p) (local.get $end)) (then (return (i32.const -1))))
              (local.set $b (i32.load8_u (local.get $p)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (local.set $len (i32.add (local.get $len) (local.get $b)))
              (br_if $more (i32.eq (local.get $b) (i32.const 255))))))
        (local.set $len (i32.add (local.get $len) (i32.const 4)))
        (if (i32.or (i32.eqz (local.get $off)) (i32.gt_u (local.get $off) (i32.sub (local.get $o) (local.get $o0))))
          (then (return (i32.const -1))))
        (if (i32.gt_u (local.get $len) (i32.sub (local.get $oend) (local.get $o))) (then (return (i32.const -1))))
        (local.set $from (i32.sub (local.get $o) (local.get $off)))
        (local.set $stop (i32.add (local.get $o) (local.get $len)))
        (if (i32.ge_u (local.get $off) (i32.const 8))
          (then
            (if (i32.and (i32.ge_u (local.get $len) (i32.const 64)) (i32.ge_u (local.get $off) (local.get $len)))
              (then (memory.copy (local.get $o) (local.get $from) (local.get $len)))
              (else
                ;; 8 bytes at a time: each load reads bytes at least 8 behind the store, all final.
                (loop $copy8
                  (i64.store (local.get $o) (i64.load (local.get $from)))
                  (local.set $o (i32.add (local.get $o) (i32.const 8)))
                  (local.set $from (i32.add (local.get $from) (i32.const 8)))
                  (br_if $copy8 (i32.lt_u (local.get $o) (local.get $stop)))))))
          (else
            (if (i32.eq (local.get $off) (i32.const 1))
              (then
                ;; a run of one byte, 8 at a time
                (local.set $v (i64.mul (i64.load8_u (local.get $from)) (i64.const 0x0101010101010101)))
                (loop $run
                  (i64.store (local.get $o) (local.get $v))
                  (local.set $o (i32.add (local.get $o) (i32.const 8)))
                  (br_if $run (i32.lt_u (local.get $o) (local.get $stop)))))
              (else
                ;; period 2..7: the first d bytes (d, a multiple of the period, 8 to 14) one by one, then 8
                ;; at a time from d behind
                (local.set $d (i32.mul (local.get $off) (i32.div_u (i32.add (local.get $off) (i32.const 7)) (local.get $off))))
                (local.set $b (i32.add (local.get $o) (local.get $d)))
                (if (i32.gt_u (local.get $b) (local.get $stop)) (then (local.set $b (local.get $stop))))
                (loop $copy1
                  (i32.store8 (local.get $o) (i32.load8_u (local.get $from)))
                  (local.set $o (i32.add (local.get $o) (i32.const 1)))
                  (local.set $from (i32.add (local.get $from) (i32.const 1)))
                  (br_if $copy1 (i32.lt_u (local.get $o) (local.get $b))))
                (local.set $from (i32.sub (local.get $o) (local.get $d)))
                (block $tail8
                  (loop $copy8
                    (br_if $tail8 (i32.ge_u (local.get $o) (local.get $stop)))
                    (i64.store (local.get $o) (i64.load (local.get $from)))
                    (local.set $o (i32.add (local.get $o) (i32.const 8)))
                    (local.set $from (i32.add (local.get $from) (i32.const 8)))
                    (br $copy8)))))))
        (local.set $o (local.get $stop))
        (br $seq)))
    (i32.sub (local.get $o) (local.get $o0)))

;; Grouped count and float sum over rows from..n-1, in row order: row k's series id is base + the
  ;; `width`-byte (1, 2 or 4) little-endian number at ids + k*width, its group g = map[id] (i32), and
  ;; counts[g] += 1, sums[g] += vals[k] (f64 arrays). Stops at the first row whose id is past mapLen or
  ;; maps to a negative group and returns it (the caller numbers the group and goes on), else returns n.
  (func (export "sumByIds") (param $ids i32) (param $width i32) (param $base i32) (param $vals i32)
    (param $k i32) (param $n i32) (param $map i32) (param $mapLen i32) (param $counts i32) (param $sums i32)
    (result i32)
    (local $sid i32) (local $g i32) (local $at i32)
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        (if (i32.eq (local.get $width) (i32.const 2))
          (then (local.set $sid (i32.load16_u (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 1))))))
          (else
            (if (i32.eq (local.get $width) (i32.const 1))
              (then (local.set $sid (i32.load8_u (i32.add (local.get $ids) (local.get $k)))))
              (else (local.set $sid (i32.load (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 2)))))))))
        (local.set $sid (i32.add (local.get $sid) (local.get $base)))
        (br_if $done (i32.ge_u (local.get $sid) (local.get $mapLen)))
        (local.set $g (i32.load (i32.add (local.get $map) (i32.shl (local.get $sid) (i32.const 2)))))
        (br_if $done (i32.lt_s (local.get $g) (i32.const 0)))
        (local.set $at (i32.add (local.get $counts) (i32.shl (local.get $g) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.const 1)))
        (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $g) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
          (f64.load (i32.add (local.get $vals) (i32.shl (local.get $k) (i32.const 3))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $row)))
    (local.get $k))

;; sumByIds without values: counts[g] += 1 per row (count(*) grouped by a tag).
  (func (export "countByIds") (param $ids i32) (param $width i32) (param $base i32)
    (param $k i32) (param $n i32) (param $map i32) (param $mapLen i32) (param $counts i32)
    (result i32)
    (local $sid i32) (local $g i32) (local $at i32)
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        (if (i32.eq (local.get $width) (i32.const 2))
          (then (local.set $sid (i32.load16_u (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 1))))))
          (else
            (if (i32.eq (local.get $width) (i32.const 1))
              (then (local.set $sid (i32.load8_u (i32.add (local.get $ids) (local.get $k)))))
              (else (local.set $sid (i32.load (i32.add (local.get $ids) (i32.shl (local.get $k) (i32.const 2)))))))))
        (local.set $sid (i32.add (local.get $sid) (local.get $base)))
        (br_if $done (i32.ge_u (local.get $sid) (local.get $mapLen)))
        (local.set $g (i32.load (i32.add (local.get $map) (i32.shl (local.get $sid) (i32.const 2)))))
        (br_if $done (i32.lt_s (local.get $g) (i32.const 0)))
        (local.set $at (i32.add (local.get $counts) (i32.shl (local.get $g) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.const 1)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $row)))
    (local.get $k))

  ;; m float64 values from 8 byte planes at src (plane k at src + k*m: byte k of every value) into dst
  ;; (8-aligned), 16 values at a time with SIMD byte shuffles, the rest byte by byte.
  (func (export "planes") (param $src i32) (param $m i32) (param $dst i32)
    (local $i i32) (local $q i32) (local $s i32)
    (local $p0 v128) (local $p1 v128) (local $p2 v128) (local $p3 v128)
    (local $p4 v128) (local $p5 v128) (local $p6 v128) (local $p7 v128)
    (local $a01l v128) (local $a01h v128) (local $a23l v128) (local $a23h v128)
    (local $a45l v128) (local $a45h v128) (local $a67l v128) (local $a67h v128)
    (local $b0 v128) (local $b1 v128) (local $c0 v128) (local $c1 v128)
    (local $v i64) (local $k i32)
    (local.set $q (i32.and (local.get $m) (i32.const -16)))
    (block $vdone
      (loop $vec
        (br_if $vdone (i32.ge_u (local.get $i) (local.get $q)))
        (local.set $s (i32.add (local.get $src) (local.get $i)))
        (local.set $p0 (v128.load (local.get $s)))
        (local.set $p1 (v128.load (i32.add (local.get $s) (local.get $m))))
        (local.set $p2 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 2)))))
        (local.set $p3 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 3)))))
        (local.set $p4 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 4)))))
        (local.set $p5 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 5)))))
        (local.set $p6 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 6)))))
        (local.set $p7 (v128.load (i32.add (local.get $s) (i32.mul (local.get $m) (i32.const 7)))))
        ;; bytes k, k+1 of values 0..7 (l) and 8..15 (h) as 16-bit lanes
        (local.set $a01l (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $p0) (local.get $p1)))
        (local.set $a01h (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $p0) (local.get $p1)))
        (local.set $a23l (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $p2) (local.get $p3)))
        (local.set $a23h (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $p2) (local.get $p3)))
        (local.set $a45l (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $p4) (local.get $p5)))
        (local.set $a45h (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $p4) (local.get $p5)))
        (local.set $a67l (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $p6) (local.get $p7)))
        (local.set $a67h (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $p6) (local.get $p7)))
        ;; values 0..3: low words from a01l/a23l, high words from a45l/a67l, then 64-bit values
        (local.set $b0 (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $a01l) (local.get $a23l)))
        (local.set $b1 (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $a45l) (local.get $a67l)))
        (local.set $s (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3))))
        (v128.store (local.get $s) (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $b0) (local.get $b1)))
        (v128.store offset=16 (local.get $s) (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $b0) (local.get $b1)))
        ;; values 4..7
        (local.set $b0 (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $a01l) (local.get $a23l)))
        (local.set $b1 (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $a45l) (local.get $a67l)))
        (v128.store offset=32 (local.get $s) (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $b0) (local.get $b1)))
        (v128.store offset=48 (local.get $s) (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $b0) (local.get $b1)))
        ;; values 8..11
        (local.set $b0 (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $a01h) (local.get $a23h)))
        (local.set $b1 (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $a45h) (local.get $a67h)))
        (v128.store offset=64 (local.get $s) (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $b0) (local.get $b1)))
        (v128.store offset=80 (local.get $s) (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $b0) (local.get $b1)))
        ;; values 12..15
        (local.set $b0 (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $a01h) (local.get $a23h)))
        (local.set $b1 (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $a45h) (local.get $a67h)))
        (v128.store offset=96 (local.get $s) (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $b0) (local.get $b1)))
        (v128.store offset=112 (local.get $s) (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $b0) (local.get $b1)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $vec)))
    ;; the last m mod 16 values byte by byte, high plane first
    (block $tdone
      (loop $tail
        (br_if $tdone (i32.ge_u (local.get $i) (local.get $m)))
        (local.set $v (i64.const 0))
        (local.set $k (i32.const 7))
        (loop $byte
          (local.set $v (i64.or (i64.shl (local.get $v) (i64.const 8))
            (i64.load8_u (i32.add (i32.add (local.get $src) (local.get $i)) (i32.mul (local.get $k) (local.get $m))))))
          (local.set $k (i32.sub (local.get $k) (i32.const 1)))
          (br_if $byte (i32.ge_s (local.get $k) (i32.const 0))))
        (i64.store (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 3))) (local.get $v))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))))
