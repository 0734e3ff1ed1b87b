# Puts the Node.js this project needs first on PATH for the shell that sources it (ADR 0023):
#   source scripts/use-node.sh
# The major version comes from package.json's `engines.node`. A system Node of that major or
# newer is used as it is; otherwise the npm registry's `node` package of that major (the
# official binary, with its headers) is fetched once into .cache/ and used, and npm builds native
# addons (better-sqlite3) against its headers.
_daywise_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_daywise_major="$(sed -n 's/.*"node": *">=\([0-9]*\).*/\1/p' "$_daywise_root/package.json" | head -n 1)"
_daywise_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_daywise_have" -lt "$_daywise_major" ]; then
  _daywise_dir="$_daywise_root/.cache/node-$_daywise_major"
  if [ ! -x "$_daywise_dir/node_modules/node/bin/node" ]; then
    echo "Fetching Node.js $_daywise_major from the npm registry into .cache/node-$_daywise_major ..."
    npm install --prefix "$_daywise_dir" --no-save --no-audit --no-fund --no-package-lock \
      "node@$_daywise_major" >/dev/null || return 1
  fi
  export PATH="$_daywise_dir/node_modules/.bin:$PATH"
  for _daywise_headers in "$_daywise_dir"/node_modules/node/node_modules/node-*; do
    if [ -d "$_daywise_headers/include/node" ]; then
      export npm_config_nodedir="$_daywise_headers"
    fi
  done
  unset _daywise_dir _daywise_headers
fi
echo "Using Node.js $(node --version) ($(command -v node))"
unset _daywise_root _daywise_major _daywise_have
