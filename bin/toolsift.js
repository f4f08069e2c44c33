#!/usr/bin/env node
// The toolsift command line. Runs the built package (npm run build creates dist/).
import { main } from "../dist/cli/main.js";

// A closed pipe (`toolsift … | head`) ends the output, not the process with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
