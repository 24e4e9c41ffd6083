// Package settings reads atomic-script's settings files: the user's
// ~/.atomic/agent/settings.json and the workspace's .atomic/settings.json,
// the project's values winning — except for mcpServers, which start
// commands: the project file is untrusted (a repository's own settings must
// not run programs as whoever opens it), so its servers are kept only when
// the workspace is trusted, and never replace a user server of the same
// name.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// TrustEnv is the environment variable that trusts the workspace's
// project settings, like --trust-project. Only the environment sets it; a
// settings file cannot.
const TrustEnv = "ATOMIC_TRUST_PROJECT"

// Source is the settings file a value came from.
type Source string

const (
	User    Source = "user"
	Project Source = "project"
)

// Options are the caller's choices for Load.
type Options struct {
	// TrustProject lets the project file's mcpServers start.
	TrustProject bool
}

// Settings is the merged content of the settings files.
type Settings struct {
	DefaultTools    []string             `json:"defaultTools,omitempty"`
	BashInterceptor BashInterceptor      `json:"bashInterceptor"`
	Search          Search               `json:"search"`
	MCPServers      map[string]MCPServer `json:"-"`
	Codemode        Codemode             `json:"codemode"`
	FileTools       FileTools            `json:"files"`
	Web             Web                  `json:"web"`
	Models          Models               `json:"models"`
	Skills          Skills               `json:"skills"`
	// Approvals are the approval rules of each file that sets them, user
	// first. They are not merged: every layer must allow a call, so a
	// project's settings can tighten the user's but never lift them.
	Approvals []engine.ApprovalLayer `json:"-"`

	// ServerSources says which file each server in MCPServers and
	// Untrusted came from.
	ServerSources map[string]Source `json:"-"`
	// Untrusted are the project's servers left out of MCPServers because
	// the workspace is not trusted: reported, never started.
	Untrusted map[string]MCPServer `json:"-"`
	// Shadowed are project servers ignored because the user settings
	// define a server of the same name, or of a name with the same JS
	// identifier (the user's always wins).
	Shadowed []string `json:"-"`

	// UntrustedWeb reports a web block in the project file that was left
	// out because the workspace is not trusted.
	UntrustedWeb bool `json:"-"`
	// UntrustedModels names the keys of the project file's models block
	// left out because the workspace is not trusted (baseURL, apiKeyEnv).
	UntrustedModels []string `json:"-"`

	// DefaultToolsSource is the file whose defaultTools won.
	DefaultToolsSource string `json:"-"`
	// Files are the settings files that were read, user first.
	Files []string `json:"-"`
	// UserFile and ProjectFile are the two paths looked at.
	UserFile, ProjectFile string `json:"-"`
}

// BashInterceptor is the bashInterceptor block.
type BashInterceptor struct {
	Enabled bool `json:"enabled"`
}

// Search is the search block.
type Search struct {
	ContextBefore *int `json:"contextBefore,omitempty"`
	ContextAfter  *int `json:"contextAfter,omitempty"`
}

// Web is the web block: where websearch and code_search send queries.
// The project file's block counts only in a trusted workspace, as its
// mcpServers do: an untrusted repository must not choose where the
// session's questions go.
type Web struct {
	SearchEndpoint     string `json:"searchEndpoint,omitempty"`
	CodeSearchEndpoint string `json:"codeSearchEndpoint,omitempty"`
}

// Skills is the skills block: skill:// paths resolve under Root
// (default: the agent directory's skills folder, ~/.atomic/agent/skills).
type Skills struct {
	Root string `json:"root,omitempty"`
}

// FileTools is the files block. Only the user settings may set it: a project's
// value is ignored (a repository must not lift the protection of its own
// .git or of atomic-script's settings).
type FileTools struct {
	// AllowProtectedPaths lets the file tools change .git, atomic-script's
	// settings and state, and a workspace's .atomic.
	AllowProtectedPaths bool `json:"allowProtectedPaths,omitempty"`
}

// Codemode is the codemode block.
type Codemode struct {
	// InlineDeclarationTokens bounds the TypeScript declarations inlined in
	// the codemode tool's description (default about 3,000 tokens).
	InlineDeclarationTokens int `json:"inlineDeclarationTokens,omitempty"`
	// DirectTools keeps the built-in tools visible as direct MCP tools
	// next to codemode (default true).
	DirectTools *bool `json:"directTools,omitempty"`
}

// MCPServer is one configured MCP server: a command to start (stdio) or a
// URL (streamable HTTP).
type MCPServer struct {
	Command     string            `json:"command,omitempty"`
	Args        []string          `json:"args,omitempty"`
	Env         map[string]string `json:"env,omitempty"`
	URL         string            `json:"url,omitempty"`
	Description string            `json:"description,omitempty"`
	Disabled    bool              `json:"disabled,omitempty"`
}

// Paths returns the user and project settings file paths for root. The
// user file honours $ATOMIC_HOME (default ~/.atomic).
func Paths(root string) (user, project string) {
	if home := engine.ConfigDir(); home != "" {
		user = filepath.Join(home, "agent", "settings.json")
	}
	return user, filepath.Join(root, ".atomic", "settings.json")
}

// TrustFromEnv reads ATOMIC_TRUST_PROJECT: "1"/"true"/"yes" trust the
// project, ""/"0"/"false"/"no" do not, anything else is an error (a typo
// must not silently decide what runs).
func TrustFromEnv() (bool, error) {
	switch strings.ToLower(strings.TrimSpace(os.Getenv(TrustEnv))) {
	case "1", "true", "yes":
		return true, nil
	case "", "0", "false", "no":
		return false, nil
	}
	return false, fmt.Errorf("%s=%q: want 1 (trust the project settings) or 0", TrustEnv, os.Getenv(TrustEnv))
}

// Load reads and merges the settings for workspace root. A missing file is
// fine; a malformed one is an error naming the file.
func Load(root string, opts Options) (Settings, error) {
	user, project := Paths(root)
	s := Settings{UserFile: user, ProjectFile: project}
	merged := map[string]any{}
	servers := map[Source]map[string]MCPServer{}
	for _, f := range []struct {
		path string
		src  Source
	}{{user, User}, {project, Project}} {
		if f.path == "" {
			continue
		}
		m, err := readObject(f.path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Settings{}, err
		}
		if _, ok := m["defaultTools"]; ok {
			s.DefaultToolsSource = f.path
		}
		if f.src == Project {
			delete(m, "files")
		}
		if _, ok := m["web"]; ok && f.src == Project && !opts.TrustProject {
			delete(m, "web")
			s.UntrustedWeb = true
		}
		if f.src == Project && !opts.TrustProject {
			s.UntrustedModels = dropProviderKeys(m)
		}
		if raw, ok := m["approvals"]; ok {
			delete(m, "approvals")
			layer, err := parseApprovals(raw, f.path)
			if err != nil {
				return Settings{}, err
			}
			s.Approvals = append(s.Approvals, layer)
		}
		if raw, ok := m["mcpServers"]; ok {
			delete(m, "mcpServers")
			data, _ := json.Marshal(raw)
			var ms map[string]MCPServer
			if err := json.Unmarshal(data, &ms); err != nil {
				return Settings{}, fmt.Errorf("settings %s: mcpServers: %v", f.path, err)
			}
			servers[f.src] = ms
		}
		merge(merged, m)
		s.Files = append(s.Files, f.path)
	}
	data, _ := json.Marshal(merged)
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, fmt.Errorf("settings: %v", err)
	}
	s.mergeServers(servers[User], servers[Project], opts.TrustProject)
	return s, nil
}

// mergeServers keeps every user server, and adds each project server of a
// new name: to MCPServers when trusted, to Untrusted otherwise. A project
// entry never changes a user server, not even one key of it, and never
// takes a user server's place in scripts: a name that maps to the same JS
// identifier ("my-db" beside the user's "my_db") counts as the same name.
func (s *Settings) mergeServers(user, project map[string]MCPServer, trusted bool) {
	s.ServerSources = map[string]Source{}
	userIDs := map[string]bool{}
	for name, c := range user {
		userIDs[engine.Identifier(name)] = true
		if s.MCPServers == nil {
			s.MCPServers = map[string]MCPServer{}
		}
		s.MCPServers[name] = c
		s.ServerSources[name] = User
	}
	for name, c := range project {
		if _, dup := user[name]; dup || userIDs[engine.Identifier(name)] {
			s.Shadowed = append(s.Shadowed, name)
			continue
		}
		s.ServerSources[name] = Project
		if !trusted {
			if s.Untrusted == nil {
				s.Untrusted = map[string]MCPServer{}
			}
			s.Untrusted[name] = c
			continue
		}
		if s.MCPServers == nil {
			s.MCPServers = map[string]MCPServer{}
		}
		s.MCPServers[name] = c
	}
	sort.Strings(s.Shadowed)
}

// readObject decodes one settings file as a JSON object.
func readObject(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("settings %s: %w", path, err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("settings %s: not a JSON object: %v", path, err)
	}
	return m, nil
}

// merge copies src into dst; nested objects merge key by key, anything else
// (arrays included) is replaced.
func merge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// Tools returns the settings the tools read.
func (s Settings) Tools() tools.Settings {
	return tools.Settings{
		SearchContextBefore: s.Search.ContextBefore,
		SearchContextAfter:  s.Search.ContextAfter,
		BashInterceptor:     s.BashInterceptor.Enabled,
		AllowProtected:      s.FileTools.AllowProtectedPaths,
		WebSearchEndpoint:   s.Web.SearchEndpoint,
		CodeSearchEndpoint:  s.Web.CodeSearchEndpoint,
		SkillsRoot:          s.skillsRoot(),
	}
}

// Policy is the approval policy of these settings with the command line's
// choices: approve lists the classes --approve asks about (calls that no
// allow pattern of the settings covers ask), and assumeYes answers every
// ask (run --yes). The user settings directory is protected: a script may
// not change the settings that set its policy without asking.
func (s Settings) Policy(approve []engine.ApprovalClass, assumeYes bool) engine.ApprovalPolicy {
	p := engine.ApprovalPolicy{Layers: append([]engine.ApprovalLayer(nil), s.Approvals...)}
	if s.UserFile != "" {
		p.Protected = append(p.Protected, filepath.Dir(s.UserFile))
	}
	if len(approve) > 0 {
		flag := engine.ApprovalLayer{Source: "--approve", Rules: map[engine.ApprovalClass]engine.ApprovalRule{}}
		for _, c := range approve {
			r := engine.ApprovalRule{Action: engine.ActionAsk}
			for _, l := range s.Approvals {
				r.Allow = append(r.Allow, l.Rules[c].Allow...)
			}
			flag.Rules[c] = r
		}
		p.Layers = append(p.Layers, flag)
	}
	if assumeYes {
		p.AssumeYes = "--yes"
	}
	return p
}

// skillsRoot is skills.root made absolute (against the user's home for
// "~/…"), or the default next to the user settings file.
func (s Settings) skillsRoot() string {
	root := s.Skills.Root
	switch {
	case root == "" && s.UserFile != "":
		return filepath.Join(filepath.Dir(s.UserFile), "skills")
	case root == "~" || strings.HasPrefix(root, "~/"):
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, root[1:])
		}
	case root != "" && !filepath.IsAbs(root) && s.ProjectFile != "":
		// Relative to the workspace (the project file's parent's parent).
		return filepath.Join(filepath.Dir(filepath.Dir(s.ProjectFile)), root)
	}
	return root
}

// Layers returns the tool selection layers: defaultTools from the winning
// settings file, then the command line's --tools entries, which apply last
// so that what the command line removes stays removed.
func (s Settings) Layers(cliTools []string) []tools.Layer {
	var out []tools.Layer
	if len(s.DefaultTools) > 0 {
		out = append(out, tools.Layer{Source: s.DefaultToolsSource + " defaultTools", Entries: s.DefaultTools})
	}
	if len(cliTools) > 0 {
		out = append(out, tools.Layer{Source: "--tools", Entries: cliTools})
	}
	return out
}
