#!/usr/bin/env node
// The toolsift command line. Runs the built package (npm run build creates dist/).
import { main, reportOutside } from "../dist/cli/main.js";

const streams = { stdout: process.stdout, stderr: process.stderr, env: process.env };

// A closed pipe (`toolsift … | head`) ends the output, not the process with a stack trace;
// any other write failure (`> /dev/full`) is one typed line and exit 2.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  process.exit(reportOutside(error, streams));
});
// main never rejects; anything escaping it anyway is an internal-error line (exit 70), with
// the stack under TOOLSIFT_DEBUG=1.
process.on("uncaughtException", (error) => process.exit(reportOutside(error, streams)));

process.exitCode = await main(process.argv.slice(2), streams);
