// Finds the ffmpeg and ffprobe that make and check the sample episodes, for the scripts and the tests
// alike: FFMPEG_PATH / FFPROBE_PATH, else the one on PATH, else the static build that ships inside
// the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (nothing is downloaded
// at install), so the portal needs only Node.js.
'use strict';
const { spawnSync } = require('node:child_process');
const { accessSync, chmodSync, constants, realpathSync } = require('node:fs');
const { delimiter, join } = require('node:path');

const TOOLS = {
  ffmpeg: { variable: 'FFMPEG_PATH', npmPackage: '@ffmpeg-installer/ffmpeg' },
  ffprobe: { variable: 'FFPROBE_PATH', npmPackage: '@ffprobe-installer/ffprobe' },
};

/**
 * What the npm builds need in their environment. On Linux they are static, glibc included, and
 * loading the system's gconv modules crashes them (ffprobe on any MPEG-TS): gconv/gconv-modules
 * points the encodings they ask for at glibc's built-in ASCII.
 */
const NPM_BUILD_ENV = process.platform === 'linux' ? { GCONV_PATH: join(__dirname, 'gconv') } : {};

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary inside the npm package for this platform; null when it is not installed (or no build exists for it). */
function npmBinary(name) {
  let path;
  try {
    path = require(TOOLS[name].npmPackage).path;
  } catch {
    return null;
  }
  // The package's postinstall (chmod u+x) may not have run (npm --ignore-scripts), and ffprobe's tarball is not executable.
  if (!executable(path)) {
    try {
      chmodSync(path, 0o755);
    } catch {
      return null;
    }
  }
  return path;
}

const sameFile = (a, b) => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
};

/**
 * `name` is 'ffmpeg' or 'ffprobe'. Returns `{ name, path, version, source, env }` (`source`: the
 * variable, 'PATH' or 'npm'; `env`: what to add to the environment of a process running it; see
 * `toolEnv`), or null when there is none that runs. A variable that is set is the only candidate:
 * naming a binary that does not run is a mistake to report, not to paper over.
 */
function findTool(name, env = process.env) {
  const { variable } = TOOLS[name];
  const binary = process.platform === 'win32' ? `${name}.exe` : name;
  const candidates = env[variable]
    ? [{ path: env[variable], source: variable }]
    : [
        ...(env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => ({ path: join(dir, binary), source: 'PATH' })),
        { path: null, source: 'npm' },
      ];
  let packaged;
  for (const candidate of candidates) {
    const path = candidate.source === 'npm' ? npmBinary(name) : candidate.path;
    if (!path || !executable(path)) continue;
    packaged ??= npmBinary(name);
    const extraEnv = packaged && sameFile(path, packaged) ? NPM_BUILD_ENV : {};
    const probe = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', env: { ...process.env, ...extraEnv }, timeout: 15000 });
    if (probe.status !== 0) continue;
    const version = new RegExp(`${name} version (\\S+)`).exec(probe.stdout)?.[1] ?? 'unknown';
    return { name, path, version, source: candidate.source, env: extraEnv };
  }
  return null;
}

const findFfmpeg = (env = process.env) => findTool('ffmpeg', env);
const findFfprobe = (env = process.env) => findTool('ffprobe', env);

/** The environment of a process that runs `tool` (one found by findTool). */
const toolEnv = (tool, base = process.env) => ({ ...base, ...tool.env });

/** One line, Russian then English, for when findTool found none. */
function missingToolMessage(name, env = process.env) {
  const { variable, npmPackage } = TOOLS[name];
  if (env[variable]) {
    return (
      `${name} не найден: ${variable}=${env[variable]} не запускается; уберите ${variable} (тогда возьмётся ${name} из PATH или из npm) или укажите рабочий / ` +
      `${name} not found: ${variable}=${env[variable]} does not run; unset it (then ${name} from PATH or npm is used) or point it at a working one`
    );
  }
  const platform = `${process.platform}-${process.arch}`;
  return (
    `${name} не найден: его нет ни в PATH, ни в пакете ${npmPackage} (npm install; для ${platform} сборки может не быть): установите его (apt-get install ffmpeg) или укажите путь в ${variable} / ` +
    `${name} not found: not on PATH nor in ${npmPackage} (npm install; it may have no build for ${platform}): install it (apt-get install ffmpeg) or set ${variable}`
  );
}

module.exports = { findFfmpeg, findFfprobe, findTool, missingToolMessage, toolEnv };
