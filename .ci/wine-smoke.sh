#!/usr/bin/env bash
# Smoke-tests the windows/amd64 binary under Wine (make wine-smoke): run -e,
# a read/edit round trip that keeps CRLF byte-exact, a write to a device
# name refused, bash refused with the install hint (no Git for Windows in
# the prefix), an approval deny rule holding for another case, and serve
# answering initialize over stdio.
#
# Needs wine64 and binutils-mingw-w64-x86-64 (apt-get install wine64
# binutils-mingw-w64-x86-64). Debian's Wine 8 lacks ProcessPrng in
# bcryptprimitives.dll, which Go's runtime calls at startup (Go 1.24+), so
# the prefix gets a two-line stand-in that forwards it to RtlGenRandom
# (advapi32's SystemFunction036, same arguments). Wine is not Windows: this
# shows the binary starts and its portable paths work, not that every
# Windows behaviour (ACLs, job objects, Git Bash) is right; see
# docs/platforms.md.
set -euo pipefail
cd "$(dirname "$0")/.."
wine=$(command -v wine64 || true)
[ -n "$wine" ] || [ ! -x /usr/lib/wine/wine64 ] || wine=/usr/lib/wine/wine64
if [ -z "$wine" ] || ! command -v x86_64-w64-mingw32-as >/dev/null; then
  echo "wine-smoke: needs wine64 and binutils-mingw-w64-x86-64 (apt-get install wine64 binutils-mingw-w64-x86-64)"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export WINEPREFIX=${WINEPREFIX:-$HOME/.cache/atomic-script-wine} WINEDEBUG=-all
exe=$work/atomic-script.exe
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$exe" ./cmd/atomic-script

# The ProcessPrng stand-in, once per prefix.
sys32=$WINEPREFIX/drive_c/windows/system32
if [ ! -f "$sys32/bcryptprimitives.dll" ]; then
  "$wine" cmd /c exit >/dev/null 2>&1 || true # creates the prefix
  cat >"$work/shim.s" <<'ASM'
	.text
	.globl	ProcessPrng
ProcessPrng:
	jmp	*__imp_SystemFunction036(%rip)
	.globl	DllMain
DllMain:
	movl	$1, %eax
	ret
ASM
  printf 'LIBRARY advapi32.dll\nEXPORTS\nSystemFunction036\n' >"$work/advapi32.def"
  printf 'LIBRARY bcryptprimitives.dll\nEXPORTS\nProcessPrng\n' >"$work/bcp.def"
  x86_64-w64-mingw32-as "$work/shim.s" -o "$work/shim.o"
  x86_64-w64-mingw32-dlltool -d "$work/advapi32.def" -l "$work/libadvapi32.a"
  x86_64-w64-mingw32-ld -shared --entry DllMain -o "$sys32/bcryptprimitives.dll" "$work/shim.o" "$work/bcp.def" "$work/libadvapi32.a"
fi

fail=0
check() { # name, expected (grep -E), output
  if grep -qE -- "$2" <<<"$3"; then echo "wine-smoke: ok: $1"; else
    echo "wine-smoke: FAIL: $1: want /$2/, got:"; echo "$3"; fail=1; fi
}
ws=$work/ws
mkdir -p "$ws"
printf 'one\r\ntwo\r\n' >"$ws/crlf.txt"
cd "$ws"
as() { timeout 120 "$wine" "$exe" "$@" 2>&1 | tr -d '\r' || true; }

check "run -e" '^2$' "$(as run -e 'return 1+1')"
check "version" 'atomic-script' "$(as version)"
out=$(as run -e 'const h = (await tools.read({path: "crlf.txt"})).split("\n")[0]; await tools.edit({input: h + "\nreplace 2..2:\n+TWO"}); return await tools.read({path: "crlf.txt"})')
check "read/edit round trip" 'modified crlf.txt' "$out"
if printf 'one\r\nTWO\r\n' | cmp -s - crlf.txt; then echo "wine-smoke: ok: CRLF kept byte-exact"; else
  echo "wine-smoke: FAIL: CRLF not kept:"; od -c crlf.txt; fail=1; fi
check "device names refused" 'device name on Windows' "$(as run -e 'await tools.write({path: "NUL.txt", content: "x"})')"
check "reading a device refused" 'not a regular file' "$(as run -e 'await tools.read({path: "NUL"})')"
check "bash without Git for Windows" 'install Git for Windows' "$(as run -e 'await tools.bash({command: "echo hi"})')"
check "no pty, said in tools" 'Git Bash, no pty' "$(as tools --tools bash)"
# An approval rule folds names as NTFS does: "secrets/**" denies Secrets/key.
mkdir -p "$work/rules/.atomic"
echo '{"approvals": {"write": {"deny": ["secrets/**"]}}}' >"$work/rules/.atomic/settings.json"
out=$(cd "$work/rules" && as run -e 'try { await tools.write({path: "Secrets/key", content: "x"}) } catch (e) { return e.code + " " + e.message }')
check "approval rules ignore case" 'ERR_DENIED.*secrets/\*\*' "$out"
[ ! -e "$work/rules/Secrets" ] || { echo "wine-smoke: FAIL: the denied write made Secrets/"; fail=1; }
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"smoke","version":"0"}}}'
# stdin stays open until the answer is in (or 2 minutes pass): serve ends
# its session when the host closes stdin, answered or not.
out=$work/serve.out
{ echo "$init"; for _ in $(seq 120); do grep -q '"protocolVersion"' "$out" 2>/dev/null && break; sleep 1; done; } |
  timeout 150 "$wine" "$exe" serve >"$out" 2>&1 || true
check "serve initialize over stdio" '"protocolVersion"' "$(tr -d '\r' <"$out")"
exit $fail
