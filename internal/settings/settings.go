// Package settings reads atomic-script's settings files: the user's
// ~/.atomic/agent/settings.json and the workspace's .atomic/settings.json,
// the project's values winning.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/atomic-script/atomic-script/tools"
)

// Settings is the merged content of the settings files.
type Settings struct {
	DefaultTools    []string             `json:"defaultTools,omitempty"`
	BashInterceptor BashInterceptor      `json:"bashInterceptor"`
	Search          Search               `json:"search"`
	MCPServers      map[string]MCPServer `json:"mcpServers,omitempty"`
	Codemode        Codemode             `json:"codemode"`

	// DefaultToolsSource is the file whose defaultTools won.
	DefaultToolsSource string `json:"-"`
	// Files are the settings files that were read, user first.
	Files []string `json:"-"`
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
	home := os.Getenv("ATOMIC_HOME")
	if home == "" {
		if h, err := os.UserHomeDir(); err == nil {
			home = filepath.Join(h, ".atomic")
		}
	}
	if home != "" {
		user = filepath.Join(home, "agent", "settings.json")
	}
	return user, filepath.Join(root, ".atomic", "settings.json")
}

// Load reads and merges the settings for workspace root. A missing file is
// fine; a malformed one is an error naming the file.
func Load(root string) (Settings, error) {
	user, project := Paths(root)
	merged := map[string]any{}
	var s Settings
	for _, p := range []string{user, project} {
		if p == "" {
			continue
		}
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Settings{}, fmt.Errorf("settings %s: %w", p, err)
		}
		var m map[string]any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			return Settings{}, fmt.Errorf("settings %s: not a JSON object: %v", p, err)
		}
		if _, ok := m["defaultTools"]; ok {
			s.DefaultToolsSource = p
		}
		merge(merged, m)
		s.Files = append(s.Files, p)
	}
	data, _ := json.Marshal(merged)
	src, files := s.DefaultToolsSource, s.Files
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, fmt.Errorf("settings: %v", err)
	}
	s.DefaultToolsSource, s.Files = src, files
	return s, nil
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
	}
}

// Layers returns the tool selection layers: defaultTools from the winning
// settings file, then the command line's --tools entries.
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
