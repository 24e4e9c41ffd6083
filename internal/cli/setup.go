package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
)

// common are the flags every engine-backed command shares.
type common struct {
	cwd   string
	tools string
	// trustProject lets the workspace's .atomic/settings.json start its
	// mcpServers (also ATOMIC_TRUST_PROJECT=1).
	trustProject bool
	// base are selection entries applied before the settings files (serve
	// adds codemode this way, so settings and --tools can still remove it).
	base []tools.Layer
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.cwd, "cwd", "", "workspace root (default: the current directory)")
	fs.StringVar(&c.tools, "tools", "", `tool selection: "read,search" replaces the defaults; "+codemode,-bash" adjusts them (applies after the settings files, so what it removes stays removed)`)
	fs.BoolVar(&c.trustProject, "trust-project", false, "trust the workspace's .atomic/settings.json: start the MCP servers it configures (also "+settings.TrustEnv+"=1); without it only your user settings' servers start")
}

// workspace is what a command needs to build an engine: the root, the
// settings and the selected tools.
type workspace struct {
	root     string
	settings settings.Settings
	all      *tools.Registry
	enabled  *tools.Registry
	status   tools.Status
}

// load resolves the root, reads the settings and selects the tools. Names
// that match no tool never pass silently: on --tools they are a usage
// error; in a settings file they are a warning on stderr.
func (c *common) load(stderr io.Writer) (*workspace, error) {
	root := c.cwd
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		root = wd
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return nil, usagef("--cwd %s is not a directory", root)
	}
	trusted, err := settings.TrustFromEnv()
	if err != nil {
		return nil, usagef("%v", err)
	}
	s, err := settings.Load(root, settings.Options{TrustProject: trusted || c.trustProject})
	if err != nil {
		return nil, err
	}
	all := engine.Builtins()
	// Configured MCP servers are selected by name like tools. Untrusted
	// project servers get entries too, so the report can list them and a
	// selection naming them is not an unknown name; they are never enabled
	// and never reach the hub.
	configs := make(map[string]settings.MCPServer, len(s.MCPServers)+len(s.Untrusted))
	for _, m := range []map[string]settings.MCPServer{s.MCPServers, s.Untrusted} {
		for n, cfg := range m {
			configs[n] = cfg
		}
	}
	servers, err := mcpclient.Entries(configs)
	if err != nil {
		return nil, err
	}
	for _, e := range servers {
		if _, dup := all.Get(e.Name()); dup {
			return nil, fmt.Errorf("settings: mcpServers.%s has the name of a built-in tool; rename the server", e.Name())
		}
		all.Add(e)
	}
	enabled, status := tools.Select(all, append(append([]tools.Layer(nil), c.base...), s.Layers(splitList(c.tools))...)...)
	mcpclient.Explain(&status, s.MCPServers)
	enabled = withoutUntrusted(all, enabled, &status, s)
	for _, name := range s.Shadowed {
		fmt.Fprintf(stderr, "atomic-script: warning: %s: mcpServers.%s ignored: your user settings define a server of that name (or one scripts would call tools.%s too), and the user's always wins\n", display(s.ProjectFile, root), name, engine.Identifier(name))
	}
	if len(s.UntrustedModels) > 0 {
		fmt.Fprintf(stderr, "atomic-script: warning: %s: models.%s ignored: a project's settings choose the model provider and its key only in a trusted workspace (--trust-project); set them in your user settings or with OPENAI_BASE_URL\n", display(s.ProjectFile, root), strings.Join(s.UntrustedModels, " and models."))
	}
	if s.UntrustedWeb {
		fmt.Fprintf(stderr, "atomic-script: warning: %s: web endpoints ignored: a project's settings choose where questions go only in a trusted workspace (--trust-project)\n", display(s.ProjectFile, root))
	}
	for _, u := range status.Unknown {
		hint := ""
		if u.Suggestion != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", u.Suggestion)
		}
		if u.Source == "--tools" {
			return nil, usagef("--tools: no tool is named %q%s; run \"atomic-script tools\" to list them", u.Name, hint)
		}
		fmt.Fprintf(stderr, "atomic-script: warning: %s names no tool %q%s\n", u.Source, u.Name, hint)
	}
	return &workspace{root: root, settings: s, all: all, enabled: enabled, status: status}, nil
}

// modelsClient is the model provider scripts reach as models.*.
func (w *workspace) modelsClient() (*models.Client, error) {
	c, err := w.settings.ModelsClient(os.Getenv, "atomic-script/"+Version)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return c, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseInterspersed parses flags that may come before or after positional
// arguments; everything after a literal "--" is returned separately.
func parseInterspersed(fs *flag.FlagSet, args []string) (positional, rest []string, err error) {
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			if rest == nil {
				rest = []string{}
			}
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, rest, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
