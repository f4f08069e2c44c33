#!/usr/bin/env node
// `npm start` runs this before building: a busy port used to cost a whole build (the WASM core, the prebuilt index and the bundle)
// before `vite preview` refused it. The port is the one web/vite.config.ts serves on.
import { createServer } from "node:net";

const DEFAULT_PORT = 4317;
const raw = process.env.TOOLSIFT_PLAYGROUND_PORT ?? String(DEFAULT_PORT);
const port = Number(raw);

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`toolsift playground: TOOLSIFT_PLAYGROUND_PORT=${raw} is not a port number (1-65535).\n`);
  process.exit(1);
}

const server = createServer();
server.once("error", (error) => {
  const reason = error.code === "EADDRINUSE" ? "is already in use" : `cannot be listened on (${error.code ?? error.message})`;
  process.stderr.write(
    `toolsift playground: 127.0.0.1:${port} ${reason}.\n` +
      `Stop what listens there, or choose another port: TOOLSIFT_PLAYGROUND_PORT=4318 npm start\n`,
  );
  process.exit(1);
});
server.listen(port, "127.0.0.1", () => server.close());
