package engine

import (
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/builtin"
)

// Every built-in tool a script can call declares its approval class: it is
// read-only, session-only or runs commands, or it is in the write class
// and previews its calls (so path patterns can match them and a person
// sees the diff). A new tool that declares nothing fails here.
func TestBuiltinApprovalClasses(t *testing.T) {
	want := map[string]ApprovalClass{"read": "", "write": ClassWrite, "edit": ClassWrite, "bash": ClassBash, "bash_output": "", "kill": "", "find": "", "search": "", "todowrite": "", "todo_get": "", "todo_update": ""}
	for _, tool := range builtin.Tools() {
		if !tools.ScriptCallable(tool) {
			continue
		}
		class := classOf(tool)
		_, previews := tools.PreviewOf(tool)
		declared := tools.HasTag(tool, tools.TagReadOnly) || tools.HasTag(tool, tools.TagSessionOnly) || tools.HasTag(tool, tools.TagRunsCommands)
		if !declared && !previews {
			t.Errorf("%s declares no approval class: tag it read-only, session-only or runs-commands, or give it a Preview (write class)", tool.Name())
		}
		if class == ClassBash && !previews {
			t.Errorf("%s runs commands but has no Preview: patterns cannot match its command", tool.Name())
		}
		if w, ok := want[tool.Name()]; ok && w != class {
			t.Errorf("%s is in class %q, want %q", tool.Name(), class, w)
		}
	}
}
