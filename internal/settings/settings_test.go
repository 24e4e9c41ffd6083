package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestProjectWins(t *testing.T) {
	home := t.TempDir()
	root := t.TempDir()
	t.Setenv("ATOMIC_HOME", home)
	write(t, filepath.Join(home, "agent", "settings.json"), `{
		"defaultTools": ["+codemode"],
		"bashInterceptor": {"enabled": true},
		"search": {"contextBefore": 2, "contextAfter": 5},
		"mcpServers": {"a": {"command": "x"}, "b": {"url": "http://127.0.0.1:1/mcp"}}
	}`)
	write(t, filepath.Join(root, ".atomic", "settings.json"), `{
		"defaultTools": ["-bash"],
		"search": {"contextAfter": 0},
		"mcpServers": {"b": {"command": "y"}}
	}`)
	s, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.DefaultTools, ",") != "-bash" || !strings.HasSuffix(s.DefaultToolsSource, filepath.Join(".atomic", "settings.json")) {
		t.Errorf("defaultTools %v from %s", s.DefaultTools, s.DefaultToolsSource)
	}
	if !s.BashInterceptor.Enabled {
		t.Error("user bashInterceptor lost")
	}
	if *s.Search.ContextBefore != 2 || *s.Search.ContextAfter != 0 {
		t.Errorf("search %+v", s.Search)
	}
	if s.MCPServers["a"].Command != "x" || s.MCPServers["b"].Command != "y" || s.MCPServers["b"].URL != "http://127.0.0.1:1/mcp" {
		t.Errorf("mcpServers %+v", s.MCPServers)
	}
	ts := s.Tools()
	if *ts.SearchContextAfter != 0 || !ts.BashInterceptor {
		t.Errorf("tool settings %+v", ts)
	}
	layers := s.Layers([]string{"+x"})
	if len(layers) != 2 || layers[1].Source != "--tools" {
		t.Errorf("layers %+v", layers)
	}
}

func TestMissingAndMalformed(t *testing.T) {
	t.Setenv("ATOMIC_HOME", t.TempDir())
	root := t.TempDir()
	s, err := Load(root)
	if err != nil || len(s.Files) != 0 || s.DefaultTools != nil {
		t.Fatalf("no files: %+v %v", s, err)
	}
	write(t, filepath.Join(root, ".atomic", "settings.json"), `{"defaultTools": "read"}`)
	if _, err := Load(root); err == nil || !strings.Contains(err.Error(), "settings") {
		t.Fatalf("wrong type: %v", err)
	}
	write(t, filepath.Join(root, ".atomic", "settings.json"), `{`)
	if _, err := Load(root); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Fatalf("malformed: %v", err)
	}
}
