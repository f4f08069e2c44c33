// A reader's first steps, done for real outside the repository: a fresh clone's files, `npm
// pack` there (its prepack builds), and `npm install` of the tarball into a project of their
// own. npm runs offline: the cache `npm ci` filled has every dependency, and a test never
// reaches the registry.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/u, "");

// npm's settings of the `npm test` that started us (its prefix, its package) are not the reader's.
const KEPT_NPM_SETTINGS = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_globalconfig"]);

/** The environment of an npm command run as a reader runs it, offline and without the noise of audit and funding. */
export function npmEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith("npm_") || KEPT_NPM_SETTINGS.has(name));
  return { ...Object.fromEntries(kept), npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", ...extra } as Record<string, string>;
}

function run(command: string, args: string[], cwd: string, env = npmEnvironment()): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function check(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status === 0) return result.stdout;
  const output = `${result.stdout}\n${result.stderr}`;
  const missing = /ENOTCACHED[\s\S]*?request to (\S+) failed/u.exec(output)?.[1];
  if (missing !== undefined) throw new Error(`${what}: ${missing} is not in the npm cache, and the test does not reach the network; run npm ci first (it fills the cache with what package-lock.json locks)`);
  throw new Error(`${what} exited ${result.status ?? result.signal}:\n${output.trim()}`);
}

/**
 * The files under `under` (a folder of the checkout; all of it by default) that a fresh clone
 * has, copied into `folder` with their paths below `under`: what git tracks, and new files it
 * does not ignore; no dist/, no build/, no node_modules.
 */
export function copyTracked(folder: string, under = ""): string {
  const prefix = under === "" ? "" : `${under.replace(/\/$/u, "")}/`;
  const files = check(run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", prefix === "" ? "." : prefix], root), "git ls-files").split("\0").filter(Boolean);
  if (files.length === 0) throw new Error(`git tracks no file under ${under}`);
  for (const file of files) {
    const target = join(folder, file.slice(prefix.length));
    mkdirSync(dirname(target), { recursive: true });
    // A tracked file deleted in the working tree is not in a clone made from it either.
    try {
      copyFileSync(join(root, file), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return folder;
}

/** A fresh clone's files in `folder` (copyTracked); its node_modules is this checkout's, linked, as `npm ci` makes it. */
export function freshClone(folder: string): string {
  copyTracked(folder);
  symlinkSync(join(root, "node_modules"), join(folder, "node_modules"), "dir");
  return folder;
}

/** `npm pack` in `folder` (lifecycle scripts included); the tarball's path and the files it holds. */
export function pack(folder: string, destination: string): { tarball: string; files: string[] } {
  mkdirSync(destination, { recursive: true });
  check(run("npm", ["pack", "--pack-destination", destination], folder), `npm pack in ${folder}`);
  const [name] = readdirSync(destination).filter((file) => file.endsWith(".tgz"));
  if (name === undefined) throw new Error(`npm pack wrote no tarball to ${destination}`);
  const tarball = join(destination, name);
  const files = check(run("tar", ["-tzf", tarball], destination), "tar -tzf").split("\n").filter(Boolean).map((file) => file.replace(/^package\//u, ""));
  return { tarball, files };
}

/** An empty ES-module project in `folder`, as `npm init` would leave it. */
export function emptyProject(folder: string, manifest: Record<string, unknown> = {}): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "reader-project", version: "1.0.0", private: true, type: "module", ...manifest }, null, 2));
  return folder;
}

interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
}

/**
 * The key in a lock's `packages` of the copy of `name` that the package at `from` ("" for the
 * project) loads: its own node_modules first, then each enclosing one, as Node looks it up.
 */
function lockedFrom(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf("/node_modules/")))) {
    const key = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (key in packages) return key;
    if (base === "") return undefined;
  }
}

/**
 * Writes `project`'s package-lock.json with the checkout's locked entries of `names` and of
 * what they depend on, each at the path the checkout's lock has it (a copy nested under the
 * package that needs another version than the top level's), peers included. `npm ci` caches
 * the tarballs of the checkout's lock, not the registry's metadata that npm reads to resolve a
 * version by its range: locked, npm takes these exact versions from the cache, the ones a
 * reader's npm resolves from the registry (toolsift pins its dependencies exactly).
 */
function seedLock(project: string, names: readonly string[]): void {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { name: string; version: string };
  const packages: Record<string, unknown> = { "": { name: manifest.name, version: manifest.version } };
  const pending = names.map((name) => ({ from: "", name }));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const key = lockedFrom(lock.packages, next.from, next.name);
    if (key === undefined) throw new Error(`${next.name}${next.from === "" ? "" : ` (needed by ${next.from})`} is not in this checkout's package-lock.json`);
    if (key in packages) continue;
    const { dev: _dev, ...entry } = lock.packages[key]!;
    packages[key] = entry;
    // npm installs a peer that is not optional beside the package that names it.
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers]) pending.push({ from: key, name });
  }
  writeFileSync(join(project, "package-lock.json"), JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2));
}

/**
 * `npm install <specs>` in `project`, offline, the packages named in `locked` (and their
 * dependencies) at the checkout's locked versions; fails naming what the cache lacks, if that
 * is why. Returns the warnings npm printed.
 */
export function installOffline(project: string, specs: readonly string[], locked: readonly string[]): string[] {
  seedLock(project, locked);
  const result = run("npm", ["install", ...specs], project);
  check(result, `npm install ${specs.join(" ")}`);
  return result.stderr.split("\n").filter((line) => line.startsWith("npm warn"));
}

/**
 * `npm install <tarball>` in an example copied out of the checkout, as its README says: the
 * tarball takes the place of its `file:../..` entry, and its own dependencies and toolsift's
 * install at the checkout's locked versions. Returns the warnings npm printed.
 */
export function installExample(folder: string, tarball: string): string[] {
  const own = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const toolsift = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const names = Object.keys({ ...toolsift.dependencies, ...own.dependencies, ...own.devDependencies }).filter((name) => name !== "toolsift");
  return installOffline(folder, [tarball], names);
}

/**
 * A PATH of Node's folder and the system's only (`npm run` puts the project's node_modules/.bin
 * before it), checked to hold none of `commands`: a script finds them only if the project
 * installed them.
 */
export function systemPath(commands: readonly string[]): string {
  const folders = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"];
  const found = folders.flatMap((folder) => commands.map((command) => join(folder, command)).filter((path) => existsSync(path)));
  if (found.length > 0) throw new Error(`${found.join(", ")} would stand in for what the project installs`);
  return folders.join(delimiter);
}

/** Runs `command` (npm or npx) in `project`, offline; returns what it printed, both streams. */
export function npm(project: string, args: string[], env: Record<string, string> = {}, command: "npm" | "npx" = "npm"): { status: number | null; stdout: string; stderr: string } {
  const result = run(command, args, project, npmEnvironment(env));
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A copy of the tree `from` at `to`, files hard-linked (no bytes copied), symlinks kept: a
 * second project whose node_modules holds the same install, real files and not a link to
 * the first, so Node and TypeScript resolve from it as from any install.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}

/** Links the named packages of this checkout's node_modules into `project`'s, as if installed there. */
export function linkFromCheckout(project: string, names: readonly string[]): void {
  for (const name of names) {
    const target = join(project, "node_modules", name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(root, "node_modules", name), target, "dir");
  }
}
