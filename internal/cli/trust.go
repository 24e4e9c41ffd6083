package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// withoutUntrusted keeps the project's servers out of the enabled tools
// when the workspace is not trusted (whatever defaultTools or --tools say),
// reports each as inactive with how to enable it, and adds every server's
// source (user or project settings) to the report.
func withoutUntrusted(all, enabled *tools.Registry, st *tools.Status, s settings.Settings) *tools.Registry {
	root := filepath.Dir(filepath.Dir(s.ProjectFile))
	from := func(name string) string {
		if s.ServerSources[name] == settings.Project {
			return "project settings " + display(s.ProjectFile, root)
		}
		return "user settings " + displayHome(s.UserFile)
	}
	untrusted := func(t tools.ToolStatus) tools.ToolStatus {
		t.Reason = fmt.Sprintf("(mcp server, from %s) not started — project servers need --trust-project", from(t.Name))
		t.Enable = fmt.Sprintf("if you trust this workspace's settings, run with --trust-project or set %s=1; or move the server to your user settings %s", settings.TrustEnv, displayHome(s.UserFile))
		return t
	}
	source := func(t tools.ToolStatus) tools.ToolStatus {
		t.Description = fmt.Sprintf("%s; from %s.", strings.TrimSuffix(t.Description, "."), from(t.Name))
		for _, shadowed := range s.Shadowed {
			if shadowed == t.Name {
				t.Description += fmt.Sprintf(" (%s also names a server %q: ignored, the user's wins.)", display(s.ProjectFile, root), t.Name)
			}
		}
		return t
	}
	var active, inactive []tools.ToolStatus
	place := func(t tools.ToolStatus, wasActive bool) {
		switch {
		case !hasKey(s.ServerSources, t.Name):
		case hasKey(s.Untrusted, t.Name):
			inactive = append(inactive, untrusted(source(t)))
			return
		default:
			t = source(t)
			if !wasActive {
				t.Reason = fmt.Sprintf("(mcp server, from %s) %s", from(t.Name), t.Reason)
			}
		}
		if wasActive {
			active = append(active, t)
		} else {
			inactive = append(inactive, t)
		}
	}
	for _, t := range st.Active {
		place(t, true)
	}
	for _, t := range st.Inactive {
		place(t, false)
	}
	// Keep the report in registration order (built-ins, then servers by
	// name), as Select made it.
	order := map[string]int{}
	for i, n := range all.Names() {
		order[n] = i
	}
	sort.SliceStable(inactive, func(i, j int) bool { return order[inactive[i].Name] < order[inactive[j].Name] })
	st.Active, st.Inactive = active, inactive
	var names []string
	for _, n := range enabled.Names() {
		if !hasKey(s.Untrusted, n) {
			names = append(names, n)
		}
	}
	return all.Subset(names)
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// display shows a path inside the workspace relative to root (the
// project settings file: ".atomic/settings.json").
func display(path, root string) string {
	if rel, err := filepath.Rel(root, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// displayHome shows a path under the home directory with "~" (the user
// settings file: "~/.atomic/agent/settings.json").
func displayHome(path string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if rel, err := filepath.Rel(home, path); err == nil && filepath.IsLocal(rel) {
			return filepath.Join("~", rel)
		}
	}
	return path
}
