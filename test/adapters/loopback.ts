// A loopback HTTP server standing in for a provider: it checks every request body against the
// stack's documented rules (a violation answers 400 and is kept, so the test fails on it) and
// answers with the next scripted model response. No network beyond 127.0.0.1.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Loopback {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  /** Every request body, as received (the bytes the SDK sent). */
  readonly bodies: string[];
  /** Rule violations the validator found, one line each. */
  readonly violations: string[];
  close(): Promise<void>;
}

/** Checks one parsed request (given every earlier one); returns the rules it breaks. */
export type Validator = (body: Record<string, unknown>, earlier: readonly Record<string, unknown>[], raw: string, earlierRaw: readonly string[]) => string[];
/** The scripted model: the response body to the `turn`-th request. */
export type Script = (body: Record<string, unknown>, turn: number) => unknown;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startLoopback(validate: Validator, script: Script, refusal: (message: string) => unknown): Promise<Loopback> {
  const bodies: string[] = [];
  const parsed: Record<string, unknown>[] = [];
  const violations: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((raw) => {
      const reply = (status: number, value: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        violations.push("body is not JSON");
        return reply(400, refusal("body is not JSON"));
      }
      const broken = validate(body, parsed, raw, bodies);
      const turn = parsed.length;
      bodies.push(raw);
      parsed.push(body);
      if (broken.length > 0) {
        violations.push(...broken);
        return reply(400, refusal(broken.join("; ")));
      }
      try {
        reply(200, script(body, turn));
      } catch (error) {
        violations.push(`script: ${String(error)}`);
        reply(500, refusal(String(error)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    violations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Provider-side name rule shared by Anthropic and OpenAI function tools. */
export const PROVIDER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
