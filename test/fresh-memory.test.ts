// assembly/fresh.ts skips the zero fill of new arrays because the stub runtime never frees or
// reuses a block. That holds only while the compiled core calls neither `__free` nor
// `__renew`; this test reads the compiled text so a change that starts reusing memory fails
// here instead of leaving stale bytes in "zeroed" arrays.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const text = readFileSync(new URL("../build/toolsift.wat", import.meta.url), "utf8");

describe("fresh arrays", () => {
  it("the core allocates with the stub runtime's __new", () => {
    expect(text).toMatch(/call \$~lib\/rt\/stub\/__new\b/);
  });

  it("the core never frees or resizes a block, so new memory is always zero", () => {
    expect(text).not.toMatch(/call \$~lib\/rt\/\w+\/__(free|renew|realloc)\b/);
    expect(text).not.toMatch(/\$~lib\/rt\/(tlsf|itcms|tcms)\//);
  });
});
