// @options: {"max_output_tokens": 2000}
// A first script: plan with the session checklist, do the work, report.
await tools.todowrite({ todos: [{ content: "greet" }, { content: "report" }] });
console.log(`running with ${ALL_TOOLS.length} tools; args: ${JSON.stringify(ARGS)}`);
await tools.todo_update({ index: 0, status: "completed" });
const { todos, summary } = await tools.todo_get();
text(todos.map((t, i) => `${i}. [${t.status === "completed" ? "x" : " "}] ${t.content}`).join("\n"));
return summary;
