// Runs before every npm entry point (package.json scripts), in plain JavaScript that any Node
// can parse: on an older Node the TypeScript entry points would otherwise die with
// ERR_UNKNOWN_FILE_EXTENSION, which tells a person nothing. Node 24 runs our .ts files directly.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(
    `docketbot needs Node.js 24 or newer, and this is Node ${process.versions.node}: install Node 24 (nodejs.org, or your version manager: \`nvm install 24\`), or run \`bash .ci/run\` once, which fetches it into .node/, then \`export PATH=$PWD/.node/package/bin:$PATH\`.\n`,
  );
  process.exit(1);
}
