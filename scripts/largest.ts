// @options: {"max_output_tokens": 2000}
// A typed script: TypeScript runs as it is (types are stripped first), and
// tsc checks it against docs/atomic.d.ts. Lists the largest files of one
// kind. Try: atomic-script run scripts/largest.ts -- go
interface Sized {
  path: string
  lines: number
}

const ext: string = ARGS[0] ?? "go"
const found = await tools.find({ paths: `**/*.${ext}`, limit: 200 })
const sized: Sized[] = []
for (const path of found.files.filter((p) => !p.endsWith("/")).slice(0, 50)) {
  const { output } = await tools.bash({ command: `wc -l < '${path.replaceAll("'", "'\\''")}'` })
  sized.push({ path, lines: Number.parseInt(output.trim(), 10) || 0 })
}
sized.sort((a, b) => b.lines - a.lines)
text(sized.slice(0, 5).map((s) => `${String(s.lines).padStart(6)} ${s.path}`).join("\n"))
return { files: found.fileCount, largest: sized[0]?.path satisfies string | undefined }
