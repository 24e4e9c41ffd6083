// Triage every open TODO/FIXME comment of the repository with a model:
// one models.classify call each (4 at a time), grouped by label.
// Run: OPENAI_BASE_URL=... OPENAI_API_KEY=... atomic-script run scripts/triage-todos.js [-- PATH]
const labels = ["bug", "feature", "cleanup", "question"];
const instructions = "bug: something is broken or wrong; feature: new behaviour to add; " +
  "cleanup: refactoring, tidying or removing code; question: an open question to answer.";
const todos = [];
for (let skip = 0; ; ) {
  const page = await tools.search({ pattern: String.raw`\b(TODO|FIXME)\b`, paths: ARGS[0] ?? ".", skip });
  for (const f of page.fileMatches) {
    for (const m of f.matches) todos.push({ where: `${f.path}:${m.line}`, text: m.text.trim() });
  }
  if (!page.nextSkip) break;
  skip = page.nextSkip;
}
const answers = await Promise.all(todos.map(t => models.classify({ input: t.text, labels, instructions })));
/** @type {Record<string, string[]>} */
const byLabel = Object.fromEntries(labels.map(l => [l, []]));
todos.forEach((t, i) => byLabel[answers[i].label].push(`${t.where}  ${t.text}`));
for (const l of labels) {
  if (byLabel[l].length) text(`${l} (${byLabel[l].length}):\n  ${byLabel[l].join("\n  ")}`);
}
return { todos: todos.length, ...Object.fromEntries(labels.map(l => [l, byLabel[l].length])) };
