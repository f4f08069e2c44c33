// The deployer's check of the caller: every request to a known route passes here first.
//
// Return a string naming the caller (a user or API key id) to let the request through, or
// null to refuse it (403 not_authorized). The name is bound into each run's token, so a token
// issued to one caller is refused for another. As shipped, everyone passes as "anyone": the
// run tokens still keep each run to the caller that opened it, but anyone may open runs and
// search. Put your own check here before you deploy; behind Cloudflare Access, for example:
//
//   const claims = await verifyAccessJwt(request.headers.get("cf-access-jwt-assertion"), env);
//   return claims === null ? null : claims.sub;
//
// Compare any secret in constant time (`crypto.subtle.timingSafeEqual`), never with `===`.
// The run token travels in `Authorization: Bearer`: carry your own credential in another
// header or a cookie.
export async function authorize(request, env) {
  return "anyone";
}
