import { defineFunction, kahanSumInc, type Window } from './function.js';

/** Least-squares slope and intercept of the window's samples, x in seconds from `interceptTime`. */
function linearRegression(w: Window, interceptTime: number): [number, number] {
  let n = 0;
  let sumX = 0, cX = 0, sumY = 0, cY = 0, sumXY = 0, cXY = 0, sumX2 = 0, cX2 = 0;
  const initY = w.vs[w.lo]!;
  let constY = true;
  for (let i = w.lo; i < w.hi; i++) {
    const y = w.vs[i]!;
    if (constY && i > w.lo && y !== initY) constY = false;
    n += 1;
    const x = (w.ts[i]! - interceptTime) / 1e3;
    [sumX, cX] = kahanSumInc(x, sumX, cX);
    [sumY, cY] = kahanSumInc(y, sumY, cY);
    [sumXY, cXY] = kahanSumInc(x * y, sumXY, cXY);
    [sumX2, cX2] = kahanSumInc(x * x, sumX2, cX2);
  }
  if (constY) return Number.isFinite(initY) || Number.isNaN(initY) ? [0, initY] : [NaN, NaN];
  sumX += cX;
  sumY += cY;
  sumXY += cXY;
  sumX2 += cX2;
  const covXY = sumXY - (sumX * sumY) / n;
  const varX = sumX2 - (sumX * sumX) / n;
  const slope = covXY / varX;
  return [slope, sumY / n - (slope * sumX) / n];
}

export const deriv = defineFunction({
  name: 'deriv', args: ['matrix'], variadic: 0, returns: 'vector',
  impl: { kind: 'range', fn: (w) => (w.hi - w.lo < 2 ? undefined : linearRegression(w, w.ts[w.lo]!)[0]) },
});

export const predict_linear = defineFunction({
  name: 'predict_linear', args: ['matrix', 'scalar'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'range',
    fn: (w) => {
      if (w.hi - w.lo < 2) return undefined;
      const [slope, intercept] = linearRegression(w, w.t);
      return slope * w.scalars[0]! + intercept;
    },
  },
});
