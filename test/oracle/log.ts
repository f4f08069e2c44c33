// The natural logarithm of docs/scoring.md's Scoring section: fdlibm's `e_log.c` algorithm (only
// + − × ÷ on f64), so the result does not depend on the engine's Math.log. Written from the
// published fdlibm algorithm; shares no code with src/ or assembly/.

const LN2_HI = 6.93147180369123816490e-1; // 0x3fe62e42_fee00000
const LN2_LO = 1.90821492927058770002e-10; // 0x3dea39ef_35793c76
const TWO54 = 1.8014398509481984e16;
const LG1 = 6.666666666666735130e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);
// The high word holds sign, exponent and the top 20 bits of the mantissa.
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

function highWord(x: number): number {
  float[0] = x;
  return words[HIGH] as number;
}

function withHighWord(x: number, high: number): number {
  float[0] = x;
  words[HIGH] = high >>> 0;
  return float[0] as number;
}

/** `ln(x)` by fdlibm's `__ieee754_log`. */
export function fdlibmLog(input: number): number {
  let x = input;
  let hx = highWord(x) | 0;
  float[0] = x;
  const lx = words[LOW] as number;
  let k = 0;
  if (hx < 0x00100000) {
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return Number.NaN;
    k -= 54;
    x *= TWO54;
    hx = highWord(x) | 0;
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i = (hx + 0x95f64) & 0x100000;
  x = withHighWord(x, hx | (i ^ 0x3ff00000));
  k += i >> 20;
  const f = x - 1.0;
  if ((0x000fffff & (2 + hx)) < 3) {
    if (f === 0) {
      if (k === 0) return 0;
      const dk = k;
      return dk * LN2_HI + dk * LN2_LO;
    }
    const R = f * f * (0.5 - 0.33333333333333333 * f);
    if (k === 0) return f - R;
    const dk = k;
    return dk * LN2_HI - ((R - dk * LN2_LO) - f);
  }
  const s = f / (2.0 + f);
  const dk = k;
  const z = s * s;
  let j = hx - 0x6147a;
  const w = z * z;
  const j2 = 0x6b851 - hx;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  j |= j2;
  const R = t2 + t1;
  if (j > 0) {
    const hfsq = 0.5 * f * f;
    if (k === 0) return f - (hfsq - s * (hfsq + R));
    return dk * LN2_HI - ((hfsq - (s * (hfsq + R) + dk * LN2_LO)) - f);
  }
  if (k === 0) return f - s * (f - R);
  return dk * LN2_HI - ((s * (f - R) - dk * LN2_LO) - f);
}
