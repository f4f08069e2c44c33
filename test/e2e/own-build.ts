// The server under test must be this checkout's playground: web/dist/index.html names every
// asset by its content hash, so the page served at `/` equals the file on disk exactly when
// the server serves this build.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const BUILT_INDEX = fileURLToPath(new URL("../../web/dist/index.html", import.meta.url));

/** Why the server at `baseURL` is not this checkout's build, or `undefined` when it is. */
export async function notOwnBuild(baseURL: string): Promise<string | undefined> {
  const built = readFileSync(BUILT_INDEX, "utf8");
  let served: string;
  try {
    served = await (await fetch(`${baseURL}/`)).text();
  } catch (error) {
    return `${baseURL}/ did not answer: ${String(error)}`;
  }
  if (served === built) return undefined;
  return `${baseURL}/ does not serve this checkout's ${BUILT_INDEX}: another server answers there. Stop it, or set TOOLSIFT_E2E_PORT to a free port.`;
}
